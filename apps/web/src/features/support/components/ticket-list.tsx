import { Alert, Badge, Button, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTickets } from '../api/list-tickets.ts';
import { useFormatTime } from '../lib/format-time.ts';
import { StatusTag } from './status-tag.tsx';

export function TicketList({ onOpen }: { onOpen: (id: string) => void }) {
  const { t } = useTranslation('support');
  const formatTime = useFormatTime();
  const tickets = useTickets();

  if (tickets.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  // A failed first page replaces the list; a failed later page keeps what is shown (below).
  if (tickets.isError && !tickets.isFetchNextPageError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('tickets.loadFailed')}
        description={tickets.error.message}
        action={<Button onClick={() => void tickets.refetch()}>{t('tickets.retry')}</Button>}
      />
    );
  }
  const items = tickets.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <Empty description={t('tickets.empty')} />;

  return (
    <div className="support-tickets__wrap">
      <ul className="support-tickets" data-testid="ticket-list">
        {items.map((ticket) => (
          <li key={ticket.id}>
            <button type="button" className="support-ticket" onClick={() => onOpen(ticket.id)}>
              <span className="support-ticket__top">
                <span className="support-ticket__subject">{ticket.subject}</span>
                <StatusTag status={ticket.status} />
              </span>
              <span className="support-ticket__preview">{ticket.lastMessagePreview}</span>
              <span className="support-ticket__meta">
                {ticket.unread && (
                  <Badge status="error" text={t('tickets.unread')} className="support-ticket__unread" />
                )}
                <span>{t('tickets.updated', { time: formatTime(ticket.updatedAt) })}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {tickets.isFetchNextPageError && (
        <Alert type="error" showIcon title={t('tickets.moreFailed')} description={tickets.error.message} />
      )}
      {tickets.hasNextPage && (
        <Button block loading={tickets.isFetchingNextPage} onClick={() => void tickets.fetchNextPage()}>
          {tickets.isFetchingNextPage ? t('tickets.loadingMore') : t('tickets.loadMore')}
        </Button>
      )}
    </div>
  );
}
