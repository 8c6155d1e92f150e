import { Alert, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../../shared/ui/identity/code-field.tsx';
import type { Method } from '../../../shared/ui/identity/identity-field.tsx';

/**
 * The second step of a login the server asked to verify (the account saw many failed logins and
 * this browser has not signed in to it before): a code sent to the account, entered beside the password.
 */
export function LoginVerification({ form, method }: { form: FormInstance; method: Method }) {
  const { t } = useTranslation('auth');
  return (
    <>
      <Alert type="info" showIcon role="status" title={t('verify.hint')} style={{ marginBottom: 16 }} />
      <CodeField form={form} method={method} purpose="login" />
    </>
  );
}
