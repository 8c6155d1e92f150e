import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { communityEndpoints, type WorkListQuery } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { communityKeys } from './keys.ts';

export type WorkFilters = Omit<WorkListQuery, 'cursor' | 'limit'>;

const PAGE_SIZE = 30;

const listWorks = (filters: WorkFilters, cursor?: string) =>
  call(communityEndpoints.works, { query: { ...filters, cursor, limit: PAGE_SIZE } });

const worksQueryOptions = (filters: WorkFilters) =>
  infiniteQueryOptions({
    queryKey: communityKeys.workList(filters),
    queryFn: ({ pageParam }) => listWorks(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // A gallery scrolled a thousand cards deep is not refetched page by page behind the user's back.
    staleTime: 300_000,
  });

/** Published works, filtered and sorted; the server freezes the cursor at the first page's time. */
export const useWorks = (filters: WorkFilters) => useInfiniteQuery(worksQueryOptions(filters));
