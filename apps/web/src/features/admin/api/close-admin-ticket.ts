import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supportAdminEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { adminTicketQueryKey } from './get-admin-ticket.ts';
import { auditQueryKey } from './list-audit.ts';
import { adminTicketsKey } from './list-admin-tickets.ts';

const closeAdminTicket = (ticketId: string) => call(supportAdminEndpoints.close, { body: { ticketId } });

/** Closes a ticket; a later message from the user opens it again. */
export function useCloseAdminTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: closeAdminTicket,
    async onSuccess(ticket) {
      client.setQueryData(adminTicketQueryKey(ticket.id), ticket);
      await Promise.all([
        client.invalidateQueries({ queryKey: adminTicketsKey }),
        client.invalidateQueries({ queryKey: auditQueryKey }),
      ]);
    },
  });
}
