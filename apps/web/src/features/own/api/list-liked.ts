import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { communityEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { ownKeys } from './own-keys.ts';

const listLiked = (cursor?: string, limit = 24) => call(communityEndpoints.liked, { query: { cursor, limit } });

const likedQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: ownKeys.liked(userId),
    queryFn: ({ pageParam }) => listLiked(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The works the logged-in user liked, newest like first (only the user sees them). */
export const useLiked = (userId: string) => useInfiniteQuery(likedQueryOptions(userId));
