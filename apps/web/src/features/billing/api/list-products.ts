import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { billingKeys } from './keys.ts';

const listProducts = () => call(billingEndpoints.products);

const productsQueryOptions = () =>
  queryOptions({ queryKey: billingKeys.products, queryFn: listProducts, staleTime: 300_000 });

/** Cube packs and time plans on sale, in the catalogue's order. */
export const useProducts = () => useQuery(productsQueryOptions());
