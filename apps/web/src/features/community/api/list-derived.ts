import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { communityEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { communityKeys } from './keys.ts';

const listDerived = (id: string, cursor?: string) =>
  call(communityEndpoints.derived, { query: { id, cursor, limit: 12 } });

const derivedQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: communityKeys.derived(id),
    queryFn: ({ pageParam }) => listDerived(id, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Published works made from this one's parameters. */
export const useDerived = (id: string) => useInfiniteQuery(derivedQueryOptions(id));
