import { useState } from 'react';
import { Alert, Button, Card, Empty, Skeleton, Typography } from 'antd';
import { KeyOutlined, PlusOutlined, ReadOutlined } from '@ant-design/icons';
import { DEVELOPER_LIMITS } from '@turing/contract';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../shared/routes/paths.ts';
import { useApiKeys } from '../api/api-keys-list.ts';
import { ApiKeyCreateModal } from '../components/api-key-create-modal.tsx';
import { ApiKeySecretModal } from '../components/api-key-secret-modal.tsx';
import { ApiKeyTable } from '../components/api-key-table.tsx';
import '../components/api-keys.css';

/** Profile → API keys: keys for scripts and plugins that act as the user through the public API. */
export function ApiKeysPage() {
  const { t } = useTranslation('developer');
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  // The new key's secret, shown once; only in memory, and dropped when its dialog closes.
  const [secret, setSecret] = useState<string | null>(null);
  const items = keys.data?.items ?? [];
  const full = items.length >= DEVELOPER_LIMITS.apiKeysPerUser;

  const createButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} disabled={full}>
      {t('keys.createButton')}
    </Button>
  );

  let body;
  if (keys.isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (keys.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('keys.loadFailed')}
        description={keys.error.message}
        action={<Button onClick={() => void keys.refetch()}>{t('keys.retry')}</Button>}
      />
    );
  else if (items.length === 0)
    body = (
      <Empty
        image={<KeyOutlined className="api-keys__empty-icon" aria-hidden />}
        description={
          <div className="api-keys__empty">
            <Typography.Title level={2} className="api-keys__empty-title">
              {t('keys.empty.title')}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{t('keys.empty.body')}</Typography.Paragraph>
          </div>
        }
      >
        <div className="api-keys__empty-actions">
          {createButton}
          <Link to={PATHS.developers}>
            <ReadOutlined /> {t('keys.reference')}
          </Link>
        </div>
      </Empty>
    );
  else body = <ApiKeyTable keys={items} />;

  return (
    <section className="api-keys">
      <header className="api-keys__head">
        <div>
          <Typography.Title level={1} style={{ fontSize: 'var(--ant-font-size-heading-2)' }}>
            {t('keys.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className="api-keys__intro">
            <Trans t={t} i18nKey="keys.intro" components={{ reference: <Link to={PATHS.developers} /> }} />
          </Typography.Paragraph>
        </div>
        {items.length > 0 && createButton}
      </header>

      <Card
        title={<h2 className="api-keys__card-title">{t('keys.listTitle')}</h2>}
        extra={
          <Typography.Text type="secondary">
            {t('keys.count', { count: items.length, max: DEVELOPER_LIMITS.apiKeysPerUser })}
          </Typography.Text>
        }
      >
        {full && (
          <Alert
            type="info"
            showIcon
            className="api-keys__full"
            title={t('keys.full', { max: DEVELOPER_LIMITS.apiKeysPerUser })}
          />
        )}
        {body}
      </Card>

      <ApiKeyCreateModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(token) => {
          setCreating(false);
          setSecret(token);
        }}
      />
      <ApiKeySecretModal token={secret} onClose={() => setSecret(null)} />
    </section>
  );
}
