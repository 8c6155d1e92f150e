import { queryOptions, useQuery } from '@tanstack/react-query';
import { supportEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

const getTicket = (id: string) => call(supportEndpoints.detail, { query: { id } });

export const ticketQueryKey = (id: string) => ['support', 'ticket', id] as const;

const ticketQueryOptions = (id: string) =>
  queryOptions({ queryKey: ticketQueryKey(id), queryFn: () => getTicket(id), retry: false });

/** One ticket with its conversation; fetching it leaves it unread (see useMarkTicketRead). */
export function useTicket(id: string | null) {
  return useQuery({ ...ticketQueryOptions(id ?? ''), enabled: id !== null });
}
