import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChangePasswordBody } from '@turing/contract';
import { reportFormError } from '../../../shared/forms/zod-rule.ts';
import { PasswordPair } from '../../../shared/ui/identity/password-pair.tsx';
import { toast } from '../../../shared/ui/toast.ts';
import { useChangePassword } from '../api/change-password.ts';

export function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation('user');
  const [form] = Form.useForm<ChangePasswordBody>();
  const change = useChangePassword();
  const onFinish = (values: ChangePasswordBody) =>
    change.mutate(values, {
      onSuccess() {
        form.resetFields();
        toast.success(t('password.done'));
      },
      onError(err) {
        reportFormError(form, err, t, ['oldPassword', 'password', 'confirmPassword']);
      },
    });
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      style={{ maxWidth: 420 }}
      aria-label={t('password.title')}
    >
      {hasPassword && (
        <Form.Item
          name="oldPassword"
          label={t('password.old')}
          rules={[{ required: true, message: t('errors:PASSWORD_REQUIRED') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
      )}
      <PasswordPair label={t('password.new')} confirmLabel={t('password.confirm')} />
      <Button htmlType="submit" loading={change.isPending}>
        {hasPassword ? t('password.submit') : t('password.setTitle')}
      </Button>
    </Form>
  );
}
