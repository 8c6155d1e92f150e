import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { communityEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { ownKeys } from './own-keys.ts';

const listCollected = (userId: string, cursor?: string, limit = 24) =>
  call(communityEndpoints.collected, { query: { userId, cursor, limit } });

const collectedQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: ownKeys.collected(userId),
    queryFn: ({ pageParam }) => listCollected(userId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The works a user collected, newest collection first. */
export const useCollected = (userId: string) => useInfiniteQuery(collectedQueryOptions(userId));
