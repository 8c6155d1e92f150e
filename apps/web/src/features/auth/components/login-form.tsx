import { lazy, Suspense, useState } from 'react';
import { Button, Checkbox, Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LoginBody } from '@turing/contract';
import { reportFormError } from '../../../shared/forms/zod-rule.ts';
import { ApiError } from '../../../shared/http/api-error.ts';
import { STORAGE_KEYS, storage } from '../../../shared/storage/storage.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { useLogin } from '../api/login.ts';
import { useFinishLogin } from '../hooks/use-finish-login.ts';
import { IdentityField, MethodSwitch, type Method } from '../../../shared/ui/identity/identity-field.tsx';

// Needed only while an account is under attack: not part of the login page's first visit.
const LoginVerification = lazy(() =>
  import('./login-verification.tsx').then((m) => ({ default: m.LoginVerification })),
);

interface Remembered {
  method: Method;
  value: string;
}

/**
 * Phone or e-mail plus password. "Remember me" keeps the account name (never the password). When the
 * server asks to verify the login, a code sent to the account goes with the password.
 */
export function LoginForm({ onForgot, prefill }: { onForgot(): void; prefill?: Remembered | null }) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm();
  const remembered = prefill ?? storage.get<Remembered>(STORAGE_KEYS.loginPhone);
  const [method, setMethod] = useState<Method>(remembered?.method ?? 'email');
  const [verifying, setVerifying] = useState(false);
  const login = useLogin();
  const finish = useFinishLogin();

  const onFinish = (values: { phone?: string; email?: string; password: string; remember: boolean; code?: string }) => {
    const body: LoginBody = { [method]: values[method], password: values.password, remember: values.remember };
    if (verifying) body.code = values.code;
    login.mutate(body, {
      onSuccess(profile) {
        if (values.remember) {
          storage.set(STORAGE_KEYS.loginPhone, { method, value: values[method] });
          storage.set(STORAGE_KEYS.loginPasswd, true);
        } else {
          storage.remove(STORAGE_KEYS.loginPhone);
          storage.remove(STORAGE_KEYS.loginPasswd);
        }
        toast.success(t('welcome', { name: profile.nickname }));
        finish(profile);
      },
      onError(err) {
        if (err instanceof ApiError && err.code === 'LOGIN_VERIFICATION_REQUIRED') return setVerifying(true);
        reportFormError(form, err, t, ['phone', 'email', 'password', 'code']);
      },
    });
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      initialValues={{
        remember: storage.get<boolean>(STORAGE_KEYS.loginPasswd) ?? true,
        [remembered?.method ?? 'email']: remembered?.value,
      }}
      aria-label={t('tabs.login')}
    >
      <MethodSwitch
        value={method}
        onChange={(next) => {
          setMethod(next);
          setVerifying(false);
        }}
      />
      <IdentityField method={method} />
      <Form.Item
        name="password"
        label={t('fields.password')}
        rules={[{ required: true, message: t('errors:PASSWORD_REQUIRED') }]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
      </Form.Item>
      {verifying && (
        <Suspense fallback={null}>
          <LoginVerification form={form} method={method} />
        </Suspense>
      )}
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 16 }}>
        <Form.Item name="remember" valuePropName="checked" noStyle>
          <Checkbox>{t('fields.remember')}</Checkbox>
        </Form.Item>
        <Button type="link" onClick={onForgot} style={{ padding: 0 }}>
          {t('forgot')}
        </Button>
      </div>
      <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
        {t('submit.login')}
      </Button>
    </Form>
  );
}
