import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

const listProducts = () => call(billingEndpoints.products);
const listRecentOrders = () => call(billingEndpoints.orders, { query: { limit: 50 } });

export const purchaseOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['design', 'purchase-options'],
    queryFn: async () => {
      const [products, orders] = await Promise.all([listProducts(), listRecentOrders()]);
      return { products, orders: orders.items };
    },
    staleTime: 60_000,
  });

/** What the purchase prompt needs to suggest a product: the catalogue and the user's latest orders. */
export const usePurchaseOptions = (enabled: boolean) => useQuery({ ...purchaseOptionsQueryOptions(), enabled });
