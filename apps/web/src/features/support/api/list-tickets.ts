import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { supportEndpoints, type Page, type TicketSummary } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

const listTickets = (cursor?: string) => call(supportEndpoints.list, { query: cursor ? { cursor } : {} });

export const ticketsQueryKey = ['support', 'tickets'] as const;

/** The cached pages of the ticket list, as `setQueryData` sees them. */
export type TicketPages = InfiniteData<Page<TicketSummary>, string | undefined>;

const ticketsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ticketsQueryKey,
    queryFn: ({ pageParam }) => listTickets(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The user's tickets, latest activity first, a page at a time (`fetchNextPage` loads more). */
export const useTickets = () => useInfiniteQuery(ticketsQueryOptions());
