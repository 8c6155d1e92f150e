import { useState } from 'react';
import { Alert, Button, Card, Flex, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeInput } from './code-input.tsx';
import { useVerifyTotp } from '../../api/verify-totp.ts';

/** A new session of an enrolled operator: the code from the app (or a recovery code) before the console opens. */
export function VerifyCard() {
  const { t } = useTranslation('admin');
  const verify = useVerifyTotp();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const ready = recovery ? code.replace(/[\s-]/g, '').length === 10 : code.length === 6;
  return (
    <Card className="second-factor" title={<h1 className="second-factor__title">{t('secondFactor.verifyTitle')}</h1>}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) verify.mutate(code, { onError: () => setCode('') });
        }}
      >
        <Flex vertical gap={12}>
          <Typography.Paragraph>
            {recovery ? t('secondFactor.recoveryIntro') : t('secondFactor.verifyIntro')}
          </Typography.Paragraph>
          <label htmlFor="totp-verify">
            {recovery ? t('secondFactor.recoveryLabel') : t('secondFactor.codeLabel')}
          </label>
          {recovery ? (
            <Input
              id="totp-verify"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="off"
              autoFocus
            />
          ) : (
            <CodeInput id="totp-verify" value={code} onChange={setCode} />
          )}
          {verify.error ? <Alert type="error" showIcon title={verify.error.message} /> : null}
          <Button type="primary" htmlType="submit" loading={verify.isPending} disabled={!ready}>
            {t('secondFactor.verify')}
          </Button>
          <Button
            type="link"
            onClick={() => {
              setRecovery(!recovery);
              setCode('');
              verify.reset();
            }}
          >
            {recovery ? t('secondFactor.useApp') : t('secondFactor.useRecovery')}
          </Button>
        </Flex>
      </form>
    </Card>
  );
}
