import { Button, Popconfirm, Space, Switch, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, HistoryOutlined, SyncOutlined } from '@ant-design/icons';
import type { WebhookEndpoint } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast.ts';
import { useDeleteWebhook } from '../api/webhook-delete.ts';
import { useRotateWebhook } from '../api/webhook-rotate.ts';
import { useUpdateWebhook } from '../api/webhook-update.ts';
import { useFormatTime } from './api-key-format.ts';

interface Props {
  endpoints: WebhookEndpoint[];
  onDeliveries(endpoint: WebhookEndpoint): void;
  onRotated(secret: string): void;
}

/** The user's endpoints: where, which events, whether on (and why not), the last delivery, and actions. */
export function WebhookTable({ endpoints, onDeliveries, onRotated }: Props) {
  const { t } = useTranslation('developer-webhooks');
  const formatTime = useFormatTime();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhook();

  const columns: TableColumnsType<WebhookEndpoint> = [
    {
      key: 'url',
      title: t('table.url'),
      render: (_, e) => (
        <div className="webhooks__url">
          <code className="webhooks__url-text">{e.url}</code>
          {e.perTask && <Tag className="webhooks__per-task">{t('table.perTask')}</Tag>}
        </div>
      ),
    },
    {
      key: 'events',
      title: t('table.events'),
      render: (_, e) => (
        <div className="webhooks__events">
          {e.events.map((ev) => (
            <Tag key={ev} className="webhooks__event">
              {ev}
            </Tag>
          ))}
        </div>
      ),
    },
    {
      key: 'status',
      title: t('table.status'),
      render: (_, e) =>
        e.enabled ? (
          <Tag color="success">{t('status.active')}</Tag>
        ) : (
          <Tooltip title={t(`status.reason.${e.disabledReason ?? 'user'}`)}>
            <Tag color={e.disabledReason === 'user' ? 'default' : 'error'} data-testid="webhook-disabled">
              {t(`status.disabled.${e.disabledReason ?? 'user'}`)}
            </Tag>
          </Tooltip>
        ),
    },
    {
      key: 'last',
      title: t('table.lastDelivery'),
      render: (_, e) =>
        e.lastDelivery ? (
          <div className="webhooks__last">
            <span>{formatTime(e.lastDelivery.at)}</span>
            <Tag color={e.lastDelivery.ok ? 'success' : 'error'}>
              {e.lastDelivery.status ?? t('deliveries.noAnswer')}
            </Tag>
          </div>
        ) : (
          <Typography.Text type="secondary">{t('table.never')}</Typography.Text>
        ),
    },
    {
      key: 'actions',
      title: <span className="webhooks__sr-only">{t('table.actions')}</span>,
      align: 'right',
      render: (_, e) => (
        <Space wrap size="small" className="webhooks__actions">
          <Switch
            size="small"
            checked={e.enabled}
            loading={update.isPending && update.variables?.id === e.id}
            aria-label={t(e.enabled ? 'actions.switchOff' : 'actions.switchOn', { url: e.url })}
            onChange={(enabled) => update.mutate({ id: e.id, enabled })}
          />
          <Button size="small" icon={<HistoryOutlined />} onClick={() => onDeliveries(e)}>
            {t('actions.deliveries')}
          </Button>
          <Popconfirm
            title={t('rotate.title')}
            description={t('rotate.description')}
            okText={t('rotate.ok')}
            cancelText={t('rotate.cancel')}
            onConfirm={() =>
              rotate.mutateAsync(e.id).then(
                ({ secret }) => {
                  onRotated(secret);
                  // The secret now lives only where it is shown: this mutation forgets it.
                  rotate.reset();
                },
                () => {},
              )
            }
          >
            <Button
              size="small"
              icon={<SyncOutlined />}
              loading={rotate.isPending && rotate.variables === e.id}
              aria-label={t('rotate.label', { url: e.url })}
            >
              {t('rotate.button')}
            </Button>
          </Popconfirm>
          <Popconfirm
            title={t('delete.title')}
            description={t('delete.description')}
            okText={t('delete.ok')}
            cancelText={t('delete.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() =>
              remove.mutateAsync(e.id).then(
                () => void toast.success(t('delete.done')),
                () => {},
              )
            }
          >
            <Button
              danger
              size="small"
              icon={<DeleteOutlined />}
              loading={remove.isPending && remove.variables === e.id}
              aria-label={t('delete.label', { url: e.url })}
            >
              {t('delete.button')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div className="webhooks__scroll" role="region" aria-label={t('table.label')} tabIndex={0}>
      <Table<WebhookEndpoint>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={endpoints}
        pagination={false}
        data-testid="webhook-table"
      />
    </div>
  );
}
