import { useEffect, useState } from 'react';
import { Button, Form, Input, Space, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { codeField, emailField, phoneField } from '@turing/contract';
import { zodRule } from '../../forms/zod-rule.ts';
import { ApiError } from '../../http/api-error.ts';
import { toast } from '../toast.ts';
import { toastError } from '../toast-error.ts';
import { useSendCode } from '../../api/send-code.ts';
import type { Method } from './identity-field.tsx';

/** The code input with its "Get code" button and the 60-second countdown the server enforces. */
export function CodeField({
  form,
  method,
  purpose,
}: {
  form: FormInstance;
  method: Method;
  purpose: 'register' | 'reset' | 'bind' | 'login';
}) {
  const { t } = useTranslation('auth');
  const send = useSendCode();
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const onSend = async () => {
    let target: string;
    try {
      target = (await form.validateFields([method]))[method] as string;
    } catch {
      return;
    }
    const parsed = (method === 'phone' ? phoneField : emailField).safeParse(target);
    if (!parsed.success) return;
    send.mutate(
      { channel: method, [method]: target, purpose },
      {
        onSuccess(data) {
          setLeft(data.cooldownSeconds);
          toast.success(
            purpose === 'reset'
              ? t('code.sentReset', { target })
              : t('code.sent', { target, minutes: data.ttlMinutes }),
          );
        },
        onError(err) {
          const wait = /(\d+)/.exec(err.message);
          if (err instanceof ApiError && err.code === 'CODE_COOLDOWN' && wait) setLeft(Number(wait[1]));
          toastError(err);
        },
      },
    );
  };

  return (
    <Form.Item label={t('fields.code')} required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="code" noStyle rules={[zodRule(codeField, t)]} validateTrigger="onBlur">
          <Input
            placeholder={t('placeholders.code')}
            maxLength={6}
            inputMode="numeric"
            autoComplete="one-time-code"
            aria-label={t('fields.code')}
          />
        </Form.Item>
        <Button onClick={onSend} loading={send.isPending} disabled={left > 0} style={{ minWidth: 150 }}>
          {left > 0 ? t('code.resend', { seconds: left }) : t('code.send')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
