import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { communityAdminEndpoints, type HiddenWork, type Page } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

const listHiddenWorks = (cursor?: string) => call(communityAdminEndpoints.hidden, { query: cursor ? { cursor } : {} });

export const hiddenWorksQueryKey = ['admin', 'moderation', 'hidden'] as const;

/** The cached pages of the hidden works, as `setQueryData` sees them. */
export type HiddenWorkPages = InfiniteData<Page<HiddenWork>, string | undefined>;

const hiddenWorksQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: hiddenWorksQueryKey,
    queryFn: ({ pageParam }) => listHiddenWorks(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Works hidden by operators, the latest hidden first, a page at a time. */
export const useHiddenWorks = () => useInfiniteQuery(hiddenWorksQueryOptions());
