import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { billingKeys } from './keys.ts';

const getOrder = (id: string) => call(billingEndpoints.orderGet, { query: { id } });

const orderQueryOptions = (id: string) =>
  queryOptions({ queryKey: billingKeys.order(id), queryFn: () => getOrder(id), retry: false });

/**
 * One order; with `pollMs` it is fetched again until it leaves "pending" (a provider's webhook may
 * arrive a little after the customer comes back).
 */
export const useOrder = (id: string | null, pollMs?: number) =>
  useQuery({
    ...orderQueryOptions(id ?? ''),
    enabled: Boolean(id),
    refetchInterval: (query) =>
      pollMs && (!query.state.data || query.state.data.state === 'pending') ? pollMs : false,
  });
