import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { creatorEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { ownKeys } from './own-keys.ts';

const listFollowers = (userId: string, cursor?: string, limit = 20) =>
  call(creatorEndpoints.followers, { query: { userId, cursor, limit } });

const followersQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: ownKeys.followers(userId),
    queryFn: ({ pageParam }) => listFollowers(userId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Who follows a user, newest first; off until the list is opened. */
export const useFollowers = (userId: string, enabled = true) =>
  useInfiniteQuery({ ...followersQueryOptions(userId), enabled });
