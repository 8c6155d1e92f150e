import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { billingAdminEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { adminUsersQueryKey } from './search-users.ts';

const listUserOrders = (userId: string, cursor?: string) =>
  call(billingAdminEndpoints.orders, { query: { user: userId, ...(cursor ? { cursor } : {}) } });

const userOrdersQueryKey = (userId: string) => [...adminUsersQueryKey, 'orders', userId] as const;

const userOrdersQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: userOrdersQueryKey(userId),
    queryFn: ({ pageParam }) => listUserOrders(userId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: false,
  });

/** The account’s orders, newest first, a page at a time (finance and support). */
export const useUserOrders = (userId: string) => useInfiniteQuery(userOrdersQueryOptions(userId));
