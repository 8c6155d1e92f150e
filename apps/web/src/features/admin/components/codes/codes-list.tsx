import {
  Alert,
  App,
  Button,
  Flex,
  Input,
  Popconfirm,
  Select,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { CODES_BATCH_MAX, CODE_STATUSES, type AdminCode } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useCodes, type CodesFilter } from '../../api/list-codes.ts';
import { useRevokeCodes } from '../../api/revoke-codes.ts';
import { formatTime } from '../../lib/format.ts';
import { codeWorth } from './code-worth.ts';
import { codesFileName, csvText, saveText } from './codes-csv.ts';
import '../orders/orders.css';
import './codes.css';

export type CodesListFilter = { status: NonNullable<CodesFilter['status']>; batch?: string };

const STATUS_COLOURS: Record<AdminCode['status'], string> = {
  unused: 'success',
  used: 'processing',
  expired: 'default',
  revoked: 'error',
};

/** Codes by status and batch, newest batch first; an unused code or a whole batch can be revoked. */
export function CodesList({ filter, onFilter }: { filter: CodesListFilter; onFilter: (f: CodesListFilter) => void }) {
  const { t, i18n } = useTranslation('admin-billing');
  const { message } = App.useApp();
  const codes = useCodes(filter);
  const revoke = useRevokeCodes();
  const items = codes.data?.items ?? [];
  const notes = codes.data?.notes ?? {};
  const lang = i18n.language;

  const revokeOne = (code: string) =>
    revoke.mutate({ code }, { onSuccess: (r) => void message.success(t('codes.revokedOne', { count: r.revoked })) });
  const revokeBatch = (batch: string) =>
    revoke.mutate(
      { batch },
      { onSuccess: (r) => void message.success(t('codes.revokedBatch', { revoked: r.revoked, matched: r.matched })) },
    );

  const download = () =>
    saveText(
      csvText(
        [
          t('codes.csv.code'),
          t('codes.csv.batch'),
          t('codes.csv.cubes'),
          t('codes.csv.planDays'),
          t('codes.csv.expires'),
          t('codes.csv.status'),
          t('codes.csv.usedBy'),
          t('codes.csv.usedAt'),
          t('codes.csv.note'),
        ],
        items.map((c) => [
          c.code,
          c.batch,
          c.cubes,
          c.planDays,
          c.expiresAt,
          c.status,
          c.usedBy?.username,
          c.usedAt,
          notes[c.batch],
        ]),
      ),
      codesFileName(filter.batch),
    );

  const columns: TableColumnsType<AdminCode> = [
    {
      key: 'code',
      title: t('codes.code'),
      render: (_, c) => (
        <Typography.Text
          className="billing-admin__code"
          copyable={{ text: c.code, tooltips: [t('codes.copy'), t('orders.copied')] }}
        >
          {c.code}
        </Typography.Text>
      ),
    },
    {
      key: 'batch',
      title: t('codes.batch'),
      render: (_, c) => (
        <Flex vertical gap={2} align="start">
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            onClick={() => onFilter({ ...filter, batch: c.batch })}
          >
            {c.batch}
          </Button>
          {notes[c.batch] ? (
            <Typography.Text type="secondary" className="billing-admin__note">
              {notes[c.batch]}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { key: 'worth', title: t('codes.worth'), render: (_, c) => codeWorth(t, c) },
    {
      key: 'status',
      title: t('codes.status'),
      render: (_, c) => <Tag color={STATUS_COLOURS[c.status]}>{t(`codes.statuses.${c.status}`)}</Tag>,
    },
    {
      key: 'expires',
      title: t('codes.expires'),
      render: (_, c) => (
        <span className="billing-admin__number">
          {c.expiresAt ? formatTime(c.expiresAt, lang) : t('codes.noExpiry')}
        </span>
      ),
    },
    {
      key: 'used',
      title: t('codes.usedBy'),
      render: (_, c) =>
        c.usedAt ? (
          <Flex vertical gap={2}>
            <span>{c.usedBy?.username ?? t('codes.deletedAccount')}</span>
            <Typography.Text type="secondary" className="billing-admin__number">
              {formatTime(c.usedAt, lang)}
            </Typography.Text>
          </Flex>
        ) : (
          '—'
        ),
    },
    {
      key: 'created',
      title: t('codes.created'),
      render: (_, c) => <span className="billing-admin__number">{formatTime(c.createdAt, lang)}</span>,
    },
    {
      key: 'actions',
      title: t('orders.actions'),
      render: (_, c) =>
        c.status === 'unused' || c.status === 'expired' ? (
          <Popconfirm
            title={t('codes.revokeOneConfirm', { code: c.code })}
            okText={t('codes.revoke')}
            okButtonProps={{ danger: true }}
            cancelText={t('refund.cancel')}
            onConfirm={() => revokeOne(c.code)}
          >
            <Button
              size="small"
              danger
              // Ant Design spaces out a two-character Chinese label; the name must keep the visible word.
              autoInsertSpace={false}
              aria-label={t('codes.revokeOneLabel', { code: c.code })}
            >
              {t('codes.revoke')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex gap={12} wrap align="center">
        <Select<CodesListFilter['status']>
          aria-label={t('codes.status')}
          style={{ width: 150 }}
          value={filter.status}
          onChange={(status) => onFilter({ ...filter, status })}
          options={(['all', ...CODE_STATUSES] as const).map((s) => ({
            value: s,
            label: s === 'all' ? t('codes.allStatuses') : t(`codes.statuses.${s}`),
          }))}
        />
        <Input.Search
          aria-label={t('codes.batchFilterLabel')}
          placeholder={t('codes.batchFilter')}
          allowClear
          maxLength={CODES_BATCH_MAX}
          style={{ width: 260 }}
          // Shows the batch picked elsewhere (a batch's name in the table, "show this batch").
          key={filter.batch ?? ''}
          defaultValue={filter.batch}
          onSearch={(value) => onFilter({ ...filter, batch: value.trim() || undefined })}
          enterButton={t('orders.filter')}
        />
        {filter.batch ? (
          <Popconfirm
            title={t('codes.revokeBatchConfirm', { batch: filter.batch })}
            description={t('codes.revokeBatchHelp')}
            okText={t('codes.revokeBatch')}
            okButtonProps={{ danger: true }}
            cancelText={t('refund.cancel')}
            onConfirm={() => revokeBatch(filter.batch!)}
          >
            <Button danger loading={revoke.isPending && revoke.variables?.batch !== undefined}>
              {t('codes.revokeBatch')}
            </Button>
          </Popconfirm>
        ) : null}
        <Button icon={<DownloadOutlined />} disabled={!items.length} onClick={download}>
          {t('codes.downloadList')}
        </Button>
        {codes.data ? (
          <Typography.Text type="secondary">
            {t('codes.shown', { shown: items.length, total: codes.data.total })}
          </Typography.Text>
        ) : null}
      </Flex>
      {codes.isError ? <Alert type="error" showIcon title={codes.error.message} /> : null}
      <div className="billing-admin__scroll" role="region" aria-label={t('codes.list')} tabIndex={0}>
        <Table<AdminCode>
          rowKey="code"
          size="small"
          columns={columns}
          dataSource={items}
          loading={codes.isPending && !codes.isError}
          pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
          locale={{ emptyText: t('codes.empty') }}
          data-testid="codes-table"
        />
      </div>
    </Flex>
  );
}
