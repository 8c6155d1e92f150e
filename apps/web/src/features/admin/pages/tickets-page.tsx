import { Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTicketCounts } from '../api/get-ticket-counts.ts';
import type { TicketFilter } from '../api/list-admin-tickets.ts';
import { ConsolePage } from '../components/console-page.tsx';
import { TICKET_FILTERS, TicketInbox } from '../components/tickets/ticket-inbox.tsx';
import { TicketPanel } from '../components/tickets/ticket-panel.tsx';

const isFilter = (value: string | null): value is TicketFilter =>
  value !== null && (TICKET_FILTERS as readonly string[]).includes(value);

/**
 * The support inbox: tickets by status with what support has not seen, one opened beside the list
 * to answer or close. The filter and the open ticket live in the address, so a link names them.
 */
export function TicketsPage() {
  const { t } = useTranslation('admin-support');
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status: TicketFilter = isFilter(asked) ? asked : 'open';
  const openId = params.get('ticket');
  const counts = useTicketCounts();

  const update = (change: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(change)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  const summary = counts.data ? (
    <Typography.Text type="secondary" data-testid="tickets-summary">
      {t('tickets.summary', { open: counts.data.open, unread: counts.data.unreadMessages })}
    </Typography.Text>
  ) : null;

  return (
    <ConsolePage title={t('tickets.title')} extra={summary}>
      <Typography.Paragraph type="secondary">{t('tickets.intro')}</Typography.Paragraph>
      <TicketInbox
        status={status}
        onStatus={(next) => update({ status: next === 'open' ? null : next })}
        counts={counts.data}
        selectedId={openId}
        onOpen={(id) => update({ ticket: id })}
      />
      <TicketPanel id={openId} onClose={() => update({ ticket: null })} />
    </ConsolePage>
  );
}
