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
  if (tickets.isError) {
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
  if (tickets.data.length === 0) return <Empty description={t('tickets.empty')} />;

  return (
    <ul className="support-tickets" data-testid="ticket-list">
      {tickets.data.map((ticket) => (
        <li key={ticket.id}>
          <button type="button" className="support-ticket" onClick={() => onOpen(ticket.id)}>
            <span className="support-ticket__top">
              <span className="support-ticket__subject">{ticket.subject}</span>
              <StatusTag status={ticket.status} />
            </span>
            <span className="support-ticket__preview">{ticket.lastMessagePreview}</span>
            <span className="support-ticket__meta">
              {ticket.unread && <Badge status="error" text={t('tickets.unread')} className="support-ticket__unread" />}
              <span>{t('tickets.updated', { time: formatTime(ticket.updatedAt) })}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
