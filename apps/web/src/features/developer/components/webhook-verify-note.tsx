import { Card, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../shared/routes/paths.ts';

const HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

/** How a receiver checks that a message is ours: the Standard Webhooks headers and where to read more. */
export function WebhookVerifyNote() {
  const { t } = useTranslation('developer-webhooks');
  return (
    <Card
      title={
        <h2 className="webhooks__card-title">
          <SafetyCertificateOutlined aria-hidden /> {t('verify.title')}
        </h2>
      }
    >
      <Typography.Paragraph>{t('verify.body')}</Typography.Paragraph>
      <ul className="webhooks__headers">
        {HEADERS.map((h) => (
          <li key={h}>
            <code>{h}</code>{' '}
            <Typography.Text type="secondary">{t(`verify.${h.replace('webhook-', '')}`)}</Typography.Text>
          </li>
        ))}
      </ul>
      <Typography.Paragraph type="secondary" className="webhooks__verify-more">
        <Trans t={t} i18nKey="verify.more" components={{ reference: <Link to={PATHS.developers} /> }} />
      </Typography.Paragraph>
    </Card>
  );
}
