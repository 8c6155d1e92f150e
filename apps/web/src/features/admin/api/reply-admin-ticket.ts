import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supportAdminEndpoints, type AdminReplyBody } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { adminTicketQueryKey } from './get-admin-ticket.ts';
import { auditQueryKey } from './list-audit.ts';
import { adminTicketsKey } from './list-admin-tickets.ts';

const replyAdminTicket = (body: AdminReplyBody) => call(supportAdminEndpoints.reply, { body });

/** Answers as support: the ticket becomes answered and the user is told by e-mail. */
export function useReplyAdminTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: replyAdminTicket,
    async onSuccess({ emailed: _emailed, ...ticket }) {
      client.setQueryData(adminTicketQueryKey(ticket.id), ticket);
      await Promise.all([
        client.invalidateQueries({ queryKey: adminTicketsKey }),
        client.invalidateQueries({ queryKey: auditQueryKey }),
      ]);
    },
  });
}
