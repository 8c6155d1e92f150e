import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supportEndpoints, type CreateTicketBody } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { ticketQueryKey } from './get-ticket.ts';
import { ticketsQueryKey } from './list-tickets.ts';

const createTicket = (body: CreateTicketBody) => call(supportEndpoints.create, { body });

export function useCreateTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess(ticket) {
      client.setQueryData(ticketQueryKey(ticket.id), ticket);
      return client.invalidateQueries({ queryKey: ticketsQueryKey });
    },
  });
}
