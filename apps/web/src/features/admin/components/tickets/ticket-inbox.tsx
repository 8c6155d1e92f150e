import { Alert, Button, Flex, Radio, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { TICKET_STATUSES, type AdminTicketCounts, type AdminTicketSummary } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useAdminTickets, type TicketFilter } from '../../api/list-admin-tickets.ts';
import { formatTime } from '../../lib/format.ts';
import { TicketStatusTag } from './ticket-status-tag.tsx';
import './tickets.css';

export const TICKET_FILTERS = [...TICKET_STATUSES, 'all'] as const satisfies readonly TicketFilter[];

interface Props {
  status: TicketFilter;
  onStatus: (status: TicketFilter) => void;
  counts: AdminTicketCounts | undefined;
  selectedId: string | null;
  onOpen: (id: string) => void;
}

/** The tickets of one status, latest activity first, with the user messages support has not seen. */
export function TicketInbox({ status, onStatus, counts, selectedId, onOpen }: Props) {
  const { t, i18n } = useTranslation('admin-support');
  const lang = i18n.language;
  const tickets = useAdminTickets(status);
  const items = tickets.data?.pages.flatMap((p) => p.items) ?? [];

  const countOf = (filter: TicketFilter) =>
    counts && (filter === 'all' ? counts.open + counts.answered + counts.closed : counts[filter]);
  const filterLabel = (filter: TicketFilter) => {
    const label = t(`tickets.status.${filter}`);
    const n = countOf(filter);
    return n === undefined ? label : t('tickets.filterCount', { label, count: n });
  };

  const columns: ColumnsType<AdminTicketSummary> = [
    {
      key: 'subject',
      title: t('tickets.columns.subject'),
      render: (_, x) => (
        <Flex vertical gap={2} align="flex-start">
          <Button
            type="link"
            className={`tickets-subject${x.unreadByStaff > 0 ? ' tickets-subject--unread' : ''}`}
            onClick={() => onOpen(x.id)}
          >
            {x.subject}
          </Button>
          <Typography.Text type="secondary" className="tickets-preview">
            {x.lastMessagePreview}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'user',
      title: t('tickets.columns.user'),
      render: (_, x) => (
        <Flex vertical gap={0}>
          <span>{x.username}</span>
          <Typography.Text type="secondary">{x.contactEmail}</Typography.Text>
        </Flex>
      ),
    },
    { key: 'status', title: t('tickets.columns.status'), render: (_, x) => <TicketStatusTag status={x.status} /> },
    {
      key: 'unread',
      title: t('tickets.columns.unread'),
      render: (_, x) =>
        x.unreadByStaff > 0 ? (
          <Tag color="error">{t('tickets.unread', { count: x.unreadByStaff })}</Tag>
        ) : (
          <Typography.Text type="secondary">{t('tickets.noneUnread')}</Typography.Text>
        ),
    },
    {
      key: 'updated',
      title: t('tickets.columns.updated'),
      render: (_, x) => <time dateTime={x.updatedAt}>{formatTime(x.updatedAt, lang)}</time>,
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Radio.Group
        aria-label={t('tickets.filter')}
        optionType="button"
        value={status}
        onChange={(e) => onStatus(e.target.value as TicketFilter)}
        options={TICKET_FILTERS.map((f) => ({ value: f, label: filterLabel(f) }))}
      />
      {tickets.isError ? (
        <Alert type="error" showIcon title={t('tickets.loadFailed')} description={tickets.error.message} />
      ) : null}
      <Table<AdminTicketSummary>
        rowKey="id"
        size="middle"
        loading={tickets.isPending}
        dataSource={items}
        columns={columns}
        pagination={false}
        rowClassName={(x) => (x.id === selectedId ? 'tickets-row--selected' : '')}
        locale={{ emptyText: t('tickets.empty') }}
        scroll={{ x: 900 }}
      />
      {tickets.hasNextPage ? (
        <Flex justify="center">
          <Button onClick={() => void tickets.fetchNextPage()} loading={tickets.isFetchingNextPage}>
            {t('tickets.loadMore')}
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
}
