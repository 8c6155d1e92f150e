import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { supportAdminEndpoints, type TicketStatus } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

export type TicketFilter = TicketStatus | 'all';

const listAdminTickets = (status: TicketFilter, cursor?: string) =>
  call(supportAdminEndpoints.list, { query: { status, ...(cursor ? { cursor } : {}) } });

/** Every cached part of the inbox (lists, counts, tickets): what an answer or a close makes stale. */
export const adminTicketsKey = ['admin', 'tickets'] as const;

const adminTicketsQueryOptions = (status: TicketFilter) =>
  infiniteQueryOptions({
    queryKey: [...adminTicketsKey, 'list', status],
    queryFn: ({ pageParam }) => listAdminTickets(status, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // New user messages arrive while the inbox is open.
    refetchInterval: 30_000,
  });

/** Tickets of every user with one status, latest activity first, a page at a time. */
export const useAdminTickets = (status: TicketFilter) => useInfiniteQuery(adminTicketsQueryOptions(status));
