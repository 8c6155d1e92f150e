import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingAdminEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

const listCatalogue = () => call(billingAdminEndpoints.catalogue);

export const catalogueQueryKey = ['admin', 'billing', 'catalogue'] as const;

const catalogueQueryOptions = () => queryOptions({ queryKey: catalogueQueryKey, queryFn: listCatalogue, retry: false });

/** Every product, on sale or not, with its prices in minor units (finance). */
export const useCatalogue = () => useQuery(catalogueQueryOptions());
