import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supportEndpoints, type TicketDetail } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { ticketQueryKey } from './get-ticket.ts';
import { ticketsQueryKey, type TicketPages } from './list-tickets.ts';

const markTicketRead = (ticketId: string) => call(supportEndpoints.markRead, { body: { ticketId } });

/** Opening a ticket reads its staff replies: the server is told, and the cached ticket and list agree. */
export function useMarkTicketRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markTicketRead,
    onSuccess({ id }) {
      client.setQueryData<TicketDetail>(ticketQueryKey(id), (ticket) => ticket && { ...ticket, unread: false });
      client.setQueryData<TicketPages>(
        ticketsQueryKey,
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((x) => (x.id === id && x.unread ? { ...x, unread: false } : x)),
            })),
          },
      );
    },
  });
}
