import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { communityEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { ownKeys } from './own-keys.ts';

const listUserWorks = (userId: string, cursor?: string, limit = 24) =>
  call(communityEndpoints.works, {
    query: { userId, cursor, limit, sort: 'latest' },
  });

const userWorksQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: ownKeys.works(userId),
    queryFn: ({ pageParam }) => listUserWorks(userId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** A user's published works, newest first. */
export const useUserWorks = (userId: string) => useInfiniteQuery(userWorksQueryOptions(userId));
