import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { billingEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { billingKeys } from './keys.ts';

const listOrders = (cursor?: string) => call(billingEndpoints.orders, { query: cursor ? { cursor } : {} });

const ordersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: billingKeys.orders,
    queryFn: ({ pageParam }) => listOrders(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The user's orders, newest first, a page at a time. */
export const useOrders = () => useInfiniteQuery(ordersQueryOptions());
