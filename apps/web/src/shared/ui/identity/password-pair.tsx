import { Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { matchRule, zodRule } from '../../forms/zod-rule.ts';

/** A new password (6 to 32 characters) and its confirmation ("the two passwords do not match"). */
export function PasswordPair({ label, confirmLabel }: { label: string; confirmLabel: string }) {
  const { t } = useTranslation('auth');
  return (
    <>
      <Form.Item name="password" label={label} rules={[zodRule('passwordField', t)]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('placeholders.password')}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={confirmLabel}
        dependencies={['password']}
        rules={[{ required: true, message: t('errors:PASSWORD_REQUIRED') }, matchRule('password', t)]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('placeholders.confirmPassword')}
          autoComplete="new-password"
        />
      </Form.Item>
    </>
  );
}
