import { queryOptions, useQuery } from '@tanstack/react-query';
import { supportAdminEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { adminTicketsKey } from './list-admin-tickets.ts';

const getTicketCounts = () => call(supportAdminEndpoints.counts);

const ticketCountsQueryKey = [...adminTicketsKey, 'counts'] as const;

const ticketCountsQueryOptions = () =>
  queryOptions({ queryKey: ticketCountsQueryKey, queryFn: getTicketCounts, refetchInterval: 30_000 });

/** Tickets per status and the user messages support has not seen (the inbox's badges). */
export const useTicketCounts = (enabled = true) => useQuery({ ...ticketCountsQueryOptions(), enabled });
