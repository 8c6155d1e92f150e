import { useState } from 'react';
import { Button, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResetBody } from '@turing/contract';
import { reportFormError } from '../../../shared/forms/zod-rule.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { PasswordPair } from '../../../shared/ui/identity/password-pair.tsx';
import { CodeField } from '../../../shared/ui/identity/code-field.tsx';
import { IdentityField, MethodSwitch, type Method } from '../../../shared/ui/identity/identity-field.tsx';

export function ResetForm({
  onDone,
  onBack,
}: {
  onDone(identity: { method: Method; value: string }): void;
  onBack(): void;
}) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm();
  const [method, setMethod] = useState<Method>('email');
  const reset = useResetPassword();

  const onFinish = (values: ResetBody) => {
    const body = {
      [method]: values[method],
      code: values.code,
      password: values.password,
      confirmPassword: values.confirmPassword,
    } as ResetBody;
    reset.mutate(body, {
      onSuccess() {
        toast.success(t('resetDone'));
        onDone({ method, value: values[method]! });
      },
      onError(err) {
        reportFormError(form, err, t, ['phone', 'email', 'code', 'password', 'confirmPassword']);
      },
    });
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish} aria-label={t('resetTitle')}>
      <Typography.Title level={2} style={{ marginTop: 0, fontSize: 'var(--ant-font-size-heading-4)' }}>
        {t('resetTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('resetHint')}</Typography.Paragraph>
      <MethodSwitch value={method} onChange={setMethod} />
      <IdentityField method={method} />
      <CodeField form={form} method={method} purpose="reset" />
      <PasswordPair label={t('fields.newPassword')} confirmLabel={t('fields.confirmPassword')} />
      <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending}>
        {t('submit.reset')}
      </Button>
      <Button type="link" block onClick={onBack} style={{ marginTop: 8 }}>
        {t('backToLogin')}
      </Button>
    </Form>
  );
}
