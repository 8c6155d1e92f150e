import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { creatorEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { ownKeys } from './own-keys.ts';

const listFollowing = (userId: string, cursor?: string, limit = 20) =>
  call(creatorEndpoints.following, { query: { userId, cursor, limit } });

const followingQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: ownKeys.following(userId),
    queryFn: ({ pageParam }) => listFollowing(userId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Whom a user follows, newest first; off until the list is opened. */
export const useFollowing = (userId: string, enabled = true) =>
  useInfiniteQuery({ ...followingQueryOptions(userId), enabled });
