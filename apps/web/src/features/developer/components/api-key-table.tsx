import { Button, Popconfirm, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { ApiKey } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast.ts';
import { useRevokeApiKey } from '../api/api-key-revoke.ts';
import { maskedKey, useFormatTime } from './api-key-format.ts';

/** The user's keys: what each may do, when it was last used and from where, and when it stops. */
export function ApiKeyTable({ keys }: { keys: ApiKey[] }) {
  const { t } = useTranslation('developer');
  const formatTime = useFormatTime();
  const revoke = useRevokeApiKey();

  const columns: TableColumnsType<ApiKey> = [
    {
      key: 'name',
      title: t('keys.table.name'),
      render: (_, k) => (
        <div className="api-keys__name">
          <span className="api-keys__name-text">{k.name}</span>
          <code className="api-keys__masked">{maskedKey(k.last4)}</code>
        </div>
      ),
    },
    {
      key: 'scopes',
      title: t('keys.table.scopes'),
      render: (_, k) => (
        <div className="api-keys__scopes">
          {k.scopes.map((s) => (
            <Tag key={s} className="api-keys__scope">
              {s}
            </Tag>
          ))}
        </div>
      ),
    },
    {
      key: 'created',
      title: t('keys.table.created'),
      className: 'api-keys__nowrap',
      render: (_, k) => formatTime(k.createdAt),
    },
    {
      key: 'lastUsed',
      title: t('keys.table.lastUsed'),
      render: (_, k) =>
        k.lastUsedAt ? (
          <div className="api-keys__used">
            <span>{formatTime(k.lastUsedAt)}</span>
            {k.lastUsedIp && <Typography.Text type="secondary">{k.lastUsedIp}</Typography.Text>}
          </div>
        ) : (
          <Typography.Text type="secondary">{t('keys.never')}</Typography.Text>
        ),
    },
    {
      key: 'expires',
      title: t('keys.table.expires'),
      className: 'api-keys__nowrap',
      render: (_, k) => {
        if (k.expired) return <Tag color="error">{t('keys.expired')}</Tag>;
        if (!k.expiresAt) return <Typography.Text type="secondary">{t('keys.neverExpires')}</Typography.Text>;
        return formatTime(k.expiresAt);
      },
    },
    {
      key: 'actions',
      title: <span className="api-keys__sr-only">{t('keys.table.actions')}</span>,
      align: 'right',
      render: (_, k) => (
        <Popconfirm
          title={t('keys.revoke.title', { name: k.name })}
          description={t('keys.revoke.description')}
          okText={t('keys.revoke.ok')}
          cancelText={t('keys.revoke.cancel')}
          okButtonProps={{ danger: true }}
          // The promise, not mutate's callbacks: once the last key goes, this table (and they) go too.
          onConfirm={() =>
            revoke.mutateAsync(k.id).then(
              () => void toast.success(t('keys.revoke.done', { name: k.name })),
              () => {},
            )
          }
        >
          <Button
            danger
            size="small"
            icon={<DeleteOutlined />}
            loading={revoke.isPending && revoke.variables === k.id}
            aria-label={t('keys.revoke.label', { name: k.name })}
          >
            {t('keys.revoke.button')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <div className="api-keys__scroll" role="region" aria-label={t('keys.table.label')} tabIndex={0}>
      <Table<ApiKey>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={keys}
        pagination={false}
        rowClassName={(k) => (k.expired ? 'api-keys__row--expired' : '')}
        data-testid="api-key-table"
      />
    </div>
  );
}
