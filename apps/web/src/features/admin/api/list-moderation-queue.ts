import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { communityAdminEndpoints, type ModerationQueueItem, type Page } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

const listModerationQueue = (cursor?: string) =>
  call(communityAdminEndpoints.queue, { query: cursor ? { cursor } : {} });

export const moderationQueueQueryKey = ['admin', 'moderation', 'queue'] as const;

/** The cached pages of the queue, as `setQueryData` sees them. */
export type ModerationQueuePages = InfiniteData<Page<ModerationQueueItem>, string | undefined>;

const moderationQueueQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: moderationQueueQueryKey,
    queryFn: ({ pageParam }) => listModerationQueue(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Works with open reports, the longest waiting first, a page at a time. */
export const useModerationQueue = () => useInfiniteQuery(moderationQueueQueryOptions());

/** The queue without a work that was just handled: the next one moves up at once. */
export const withoutQueued = (data: ModerationQueuePages | undefined, workId: string) =>
  data && {
    ...data,
    pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => item.work.id !== workId) })),
  };
