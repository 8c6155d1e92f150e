import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { billingAdminEndpoints, type OrdersQuery } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

const searchOrders = (filter: OrdersQuery, cursor?: string) =>
  call(billingAdminEndpoints.ordersSearch, { query: { ...filter, ...(cursor ? { cursor } : {}) } });

export const ordersSearchQueryKey = ['admin', 'billing', 'orders'] as const;

const ordersSearchQueryOptions = (filter: OrdersQuery) =>
  infiniteQueryOptions({
    queryKey: [...ordersSearchQueryKey, filter],
    queryFn: ({ pageParam }) => searchOrders(filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: false,
  });

/** Every user's orders the filter keeps, newest first, a page at a time (finance). */
export const useOrdersSearch = (filter: OrdersQuery) => useInfiniteQuery(ordersSearchQueryOptions(filter));
