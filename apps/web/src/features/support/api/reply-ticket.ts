import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supportEndpoints, type ReplyTicketBody } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { ticketQueryKey } from './get-ticket.ts';
import { ticketsQueryKey } from './list-tickets.ts';

const replyTicket = (body: ReplyTicketBody) => call(supportEndpoints.reply, { body });

export function useReplyTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: replyTicket,
    onSuccess(ticket) {
      client.setQueryData(ticketQueryKey(ticket.id), ticket);
      return client.invalidateQueries({ queryKey: ticketsQueryKey });
    },
  });
}
