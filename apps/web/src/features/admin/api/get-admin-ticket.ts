import { queryOptions, useQuery } from '@tanstack/react-query';
import { supportAdminEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { adminTicketsKey } from './list-admin-tickets.ts';

const getAdminTicket = (id: string) => call(supportAdminEndpoints.detail, { query: { id } });

export const adminTicketQueryKey = (id: string) => [...adminTicketsKey, 'detail', id] as const;

const adminTicketQueryOptions = (id: string) =>
  queryOptions({ queryKey: adminTicketQueryKey(id), queryFn: () => getAdminTicket(id), retry: false });

/** One ticket with its whole conversation. */
export const useAdminTicket = (id: string | null) =>
  useQuery({ ...adminTicketQueryOptions(id ?? ''), enabled: id !== null });
