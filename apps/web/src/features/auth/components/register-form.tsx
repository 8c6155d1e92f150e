import { useState } from 'react';
import { Button, Form, Input, Select } from 'antd';
import { GiftOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LIMITS, OCCUPATIONS, usernameField, type RegisterBody } from '@turing/contract';
import { reportFormError, zodRule } from '../../../shared/forms/zod-rule.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { useRegister } from '../api/register.ts';
import { useFinishLogin } from '../hooks/use-finish-login.ts';
import { AgreementField } from './agreement.tsx';
import { PasswordPair } from '../../../shared/ui/identity/password-pair.tsx';
import { CodeField } from '../../../shared/ui/identity/code-field.tsx';
import { IdentityField, MethodSwitch, type Method } from '../../../shared/ui/identity/identity-field.tsx';

const FIELDS = [
  'phone',
  'email',
  'code',
  'username',
  'password',
  'confirmPassword',
  'occupation',
  'agree',
  'inviteCode',
];

/** `inviteCode`: from a share link (`?invite=`), pre-filled and still editable. */
export function RegisterForm({ inviteCode }: { inviteCode?: string } = {}) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm();
  const [method, setMethod] = useState<Method>('email');
  const register = useRegister();
  const finish = useFinishLogin();

  const onFinish = (values: Omit<RegisterBody, 'agree'> & { agree: boolean }) => {
    const body = {
      [method]: values[method],
      code: values.code,
      username: values.username,
      password: values.password,
      confirmPassword: values.confirmPassword,
      occupation: values.occupation,
      agree: true,
      ...(values.inviteCode?.trim() ? { inviteCode: values.inviteCode.trim() } : {}),
    } as RegisterBody;
    register.mutate(body, {
      onSuccess(profile) {
        toast.success(t('registered', { name: profile.nickname }));
        finish(profile);
      },
      onError(err) {
        reportFormError(form, err, t, FIELDS);
      },
    });
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      aria-label={t('tabs.register')}
      initialValues={{ inviteCode }}
    >
      <MethodSwitch value={method} onChange={setMethod} />
      <IdentityField method={method} />
      <CodeField form={form} method={method} purpose="register" />
      <Form.Item name="username" label={t('fields.username')} rules={[zodRule(usernameField, t)]}>
        <Input prefix={<UserOutlined />} placeholder={t('placeholders.username')} autoComplete="username" />
      </Form.Item>
      <PasswordPair label={t('fields.password')} confirmLabel={t('fields.confirmPassword')} />
      <Form.Item
        name="occupation"
        label={t('fields.occupation')}
        rules={[{ required: true, message: t('errors:OCCUPATION_REQUIRED') }]}
      >
        <Select
          placeholder={t('placeholders.occupation')}
          options={OCCUPATIONS.map((o) => ({ value: o, label: t(`occupations.${o}`) }))}
          aria-label={t('fields.occupation')}
        />
      </Form.Item>
      <Form.Item name="inviteCode" label={t('fields.inviteCode')}>
        <Input
          prefix={<GiftOutlined />}
          placeholder={t('placeholders.inviteCode')}
          maxLength={LIMITS.inviteCodeMax}
          autoComplete="off"
          data-testid="register-invite"
        />
      </Form.Item>
      <AgreementField />
      <Button type="primary" htmlType="submit" block size="large" loading={register.isPending}>
        {t('submit.register')}
      </Button>
    </Form>
  );
}
