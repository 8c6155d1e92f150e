import { useState } from 'react';
import { Alert, Button, Card, Flex, QRCode, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeInput } from './code-input.tsx';
import { useConfirmTotp } from '../../api/confirm-totp.ts';
import { useEnrolTotp } from '../../api/enrol-totp.ts';
import { RecoveryCodes } from './recovery-codes.tsx';

/** Setting up an authenticator app: scan (or type) the secret, prove it with a first code, keep the recovery codes. */
export function EnrolCard({ required, embedded = false }: { required: boolean; embedded?: boolean }) {
  const { t } = useTranslation('admin');
  const enrol = useEnrolTotp();
  const confirm = useConfirmTotp();
  const [code, setCode] = useState('');
  const step = confirm.data ? 2 : enrol.data ? 1 : 0;

  return (
    <Card
      className="second-factor"
      title={
        embedded ? (
          <h2 className="second-factor__title">{t('secondFactor.enrolTitle')}</h2>
        ) : (
          <h1 className="second-factor__title">{t('secondFactor.enrolTitle')}</h1>
        )
      }
    >
      <Flex vertical gap={16}>
        <Typography.Paragraph>
          {required ? t('secondFactor.enrolRequired') : t('secondFactor.enrolIntro')}
        </Typography.Paragraph>
        <Steps
          size="small"
          current={step}
          items={[
            { title: t('secondFactor.stepScan') },
            { title: t('secondFactor.stepCode') },
            { title: t('secondFactor.stepSave') },
          ]}
        />
        {step === 0 ? (
          <Button type="primary" loading={enrol.isPending} onClick={() => enrol.mutate()}>
            {t('secondFactor.start')}
          </Button>
        ) : null}
        {enrol.error ? <Alert type="error" showIcon title={enrol.error.message} /> : null}
        {step === 1 && enrol.data ? (
          <Flex gap={24} wrap align="flex-start">
            <figure className="second-factor__qr" aria-label={t('secondFactor.qrLabel')}>
              <QRCode value={enrol.data.uri} size={176} bordered={false} color="#000" bgColor="#fff" />
            </figure>
            <Flex vertical gap={12} style={{ flex: '1 1 260px' }}>
              <Typography.Text>{t('secondFactor.scan')}</Typography.Text>
              <Typography.Text type="secondary">{t('secondFactor.orType')}</Typography.Text>
              <Typography.Text code copyable className="second-factor__secret">
                {enrol.data.secret.replace(/(.{4})/g, '$1 ').trim()}
              </Typography.Text>
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  if (code.length === 6) confirm.mutate(code);
                }}
              >
                <Flex vertical gap={8}>
                  <label htmlFor="totp-confirm">{t('secondFactor.codeLabel')}</label>
                  <CodeInput id="totp-confirm" value={code} onChange={setCode} />
                  {confirm.error ? <Alert type="error" showIcon title={confirm.error.message} /> : null}
                  <Button type="primary" htmlType="submit" loading={confirm.isPending} disabled={code.length !== 6}>
                    {t('secondFactor.confirm')}
                  </Button>
                </Flex>
              </form>
            </Flex>
          </Flex>
        ) : null}
        {step === 2 && confirm.data ? (
          <RecoveryCodes codes={confirm.data.recoveryCodes} onDone={() => void confirm.done()} />
        ) : null}
      </Flex>
    </Card>
  );
}
