import { useState } from 'react';
import { Alert, Button, Card, Empty, Skeleton, Typography } from 'antd';
import { ApiOutlined, PlusOutlined } from '@ant-design/icons';
import { DEVELOPER_LIMITS, type WebhookEndpoint } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useWebhooks } from '../api/webhooks-list.ts';
import { WebhookCreateModal } from '../components/webhook-create-modal.tsx';
import { WebhookDeliveriesDrawer } from '../components/webhook-deliveries-drawer.tsx';
import { WebhookSecretModal } from '../components/webhook-secret-modal.tsx';
import { WebhookTable } from '../components/webhook-table.tsx';
import { WebhookVerifyNote } from '../components/webhook-verify-note.tsx';
import '../components/webhooks.css';

/** Profile → Webhooks: where the user's task events are posted, signed, and how each delivery went. */
export function WebhooksPage() {
  const { t } = useTranslation('developer-webhooks');
  const hooks = useWebhooks();
  const [creating, setCreating] = useState(false);
  // A secret shown once (new endpoint or rotation); only in memory, dropped when its dialog closes.
  const [secret, setSecret] = useState<{ value: string; rotated: boolean } | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);
  const items = hooks.data?.items ?? [];
  const own = items.filter((e) => !e.perTask).length;
  const full = own >= DEVELOPER_LIMITS.webhooksPerUser;

  const createButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} disabled={full}>
      {t('createButton')}
    </Button>
  );

  let body;
  if (hooks.isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (hooks.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('loadFailed')}
        description={hooks.error.message}
        action={<Button onClick={() => void hooks.refetch()}>{t('retry')}</Button>}
      />
    );
  else if (items.length === 0)
    body = (
      <Empty
        image={<ApiOutlined className="webhooks__empty-icon" aria-hidden />}
        description={
          <div className="webhooks__empty">
            <Typography.Title level={2} className="webhooks__empty-title">
              {t('empty.title')}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{t('empty.body')}</Typography.Paragraph>
          </div>
        }
      >
        {createButton}
      </Empty>
    );
  else
    body = (
      <WebhookTable
        endpoints={items}
        onDeliveries={setLogOf}
        onRotated={(value) => setSecret({ value, rotated: true })}
      />
    );

  return (
    <section className="webhooks">
      <header className="webhooks__head">
        <div>
          <Typography.Title level={1} style={{ fontSize: 'var(--ant-font-size-heading-2)' }}>
            {t('title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className="webhooks__intro">
            {t('intro')}
          </Typography.Paragraph>
        </div>
        {items.length > 0 && createButton}
      </header>

      <Card
        title={<h2 className="webhooks__card-title">{t('listTitle')}</h2>}
        extra={
          <Typography.Text type="secondary">
            {t('count', { count: own, max: DEVELOPER_LIMITS.webhooksPerUser })}
          </Typography.Text>
        }
      >
        {full && (
          <Alert
            type="info"
            showIcon
            className="webhooks__full"
            title={t('full', { max: DEVELOPER_LIMITS.webhooksPerUser })}
          />
        )}
        {body}
      </Card>

      <WebhookVerifyNote />

      <WebhookCreateModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(value) => {
          setCreating(false);
          setSecret({ value, rotated: false });
        }}
      />
      <WebhookSecretModal
        secret={secret?.value ?? null}
        rotated={secret?.rotated ?? false}
        onClose={() => setSecret(null)}
      />
      <WebhookDeliveriesDrawer endpoint={logOf} onClose={() => setLogOf(null)} />
    </section>
  );
}
