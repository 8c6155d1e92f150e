import { Alert, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOperatorMe } from '../api/get-operator-me.ts';
import { ConsolePage } from '../components/console-page.tsx';
import { EnrolCard } from '../components/second-factor/enrol-card.tsx';

/** The operator's own second factor: set it up (where the service does not require it) or replace it. */
export function SecurityPage() {
  const { t } = useTranslation('admin');
  const { data } = useOperatorMe();
  if (!data) return null;
  const { enrolled, recoveryCodesLeft } = data.secondFactor;
  return (
    <ConsolePage title={t('security.title')}>
      <Flex vertical gap={16} style={{ maxWidth: 640 }}>
        {enrolled ? (
          <Alert
            type={recoveryCodesLeft > 2 ? 'success' : 'warning'}
            showIcon
            title={t('security.enrolled')}
            description={t('security.codesLeft', { count: recoveryCodesLeft })}
          />
        ) : (
          <Alert type="warning" showIcon title={t('security.notEnrolled')} />
        )}
        <Typography.Paragraph type="secondary">
          {enrolled ? t('security.replaceHelp') : t('security.help')}
        </Typography.Paragraph>
        <EnrolCard required={false} embedded />
      </Flex>
    </ConsolePage>
  );
}
