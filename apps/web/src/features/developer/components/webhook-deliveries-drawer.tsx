import { Alert, Button, Drawer, Empty, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import type { WebhookDelivery, WebhookEndpoint } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast.ts';
import { useWebhookDeliveries } from '../api/webhook-deliveries.ts';
import { useRedeliverWebhook } from '../api/webhook-redeliver.ts';
import { useFormatTime } from './api-key-format.ts';

const STATE_COLOR = { delivered: 'success', pending: 'processing', failed: 'error' } as const;

/** An endpoint's delivery log, newest first: each attempt's outcome, the receiver's answer, "send again". */
export function WebhookDeliveriesDrawer({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('developer-webhooks');
  const formatTime = useFormatTime();
  const log = useWebhookDeliveries(endpoint?.id ?? null);
  const redeliver = useRedeliverWebhook();
  const items = log.data?.pages.flatMap((p) => p.items) ?? [];

  const sendAgain = (d: WebhookDelivery) =>
    redeliver.mutateAsync(d.id).then(
      (after) =>
        void (after.state === 'delivered'
          ? toast.success(t('deliveries.sent', { status: after.lastStatus ?? '' }))
          : toast.warning(t('deliveries.notSent', { error: after.lastError ?? '' }))),
      () => {},
    );

  const columns: TableColumnsType<WebhookDelivery> = [
    { key: 'time', title: t('deliveries.time'), render: (_, d) => formatTime(d.createdAt) },
    { key: 'event', title: t('deliveries.event'), render: (_, d) => <code>{d.event}</code> },
    {
      key: 'state',
      title: t('deliveries.state'),
      render: (_, d) => <Tag color={STATE_COLOR[d.state]}>{t(`deliveries.states.${d.state}`)}</Tag>,
    },
    {
      key: 'status',
      title: t('deliveries.status'),
      render: (_, d) =>
        d.lastStatus ?? <Typography.Text type="secondary">{d.lastError ?? t('deliveries.notYet')}</Typography.Text>,
    },
    {
      key: 'duration',
      title: t('deliveries.duration'),
      render: (_, d) => (d.durationMs === null ? '—' : t('deliveries.ms', { ms: d.durationMs })),
    },
    { key: 'attempts', title: t('deliveries.attempts'), dataIndex: 'attempts' },
    {
      key: 'next',
      title: t('deliveries.next'),
      render: (_, d) => (d.nextAttemptAt ? formatTime(d.nextAttemptAt) : '—'),
    },
    {
      key: 'again',
      title: <span className="webhooks__sr-only">{t('table.actions')}</span>,
      align: 'right',
      render: (_, d) => (
        <Button
          size="small"
          icon={<SendOutlined />}
          loading={redeliver.isPending && redeliver.variables === d.id}
          onClick={() => void sendAgain(d)}
        >
          {t('deliveries.sendAgain')}
        </Button>
      ),
    },
  ];

  return (
    <Drawer
      open={endpoint !== null}
      onClose={onClose}
      title={t('deliveries.title')}
      size="large"
      styles={{ wrapper: { width: 'min(1080px, 100vw)' } }}
      destroyOnHidden
    >
      {endpoint && (
        <Typography.Paragraph type="secondary">
          <code className="webhooks__url-text">{endpoint.url}</code>
        </Typography.Paragraph>
      )}
      {log.isError ? (
        <Alert type="error" showIcon title={t('deliveries.loadFailed')} description={log.error.message} />
      ) : (
        <div className="webhooks__scroll" role="region" aria-label={t('deliveries.title')} tabIndex={0}>
          <Table<WebhookDelivery>
            rowKey="id"
            size="small"
            loading={log.isPending}
            columns={columns}
            dataSource={items}
            pagination={false}
            locale={{ emptyText: <Empty description={t('deliveries.empty')} /> }}
            expandable={{
              rowExpandable: (d) => d.responseSnippet !== null || d.lastError !== null,
              expandedRowRender: (d) => (
                <div className="webhooks__snippet">
                  <Typography.Text type="secondary">{t('deliveries.response')}</Typography.Text>
                  <pre>{d.responseSnippet ?? d.lastError}</pre>
                  <Typography.Text type="secondary">
                    {t('deliveries.messageId')} <code>{d.messageId}</code>
                  </Typography.Text>
                </div>
              ),
            }}
            data-testid="webhook-deliveries"
          />
        </div>
      )}
      {log.hasNextPage && (
        <Button className="webhooks__more" onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>
          {t('deliveries.more')}
        </Button>
      )}
    </Drawer>
  );
}
