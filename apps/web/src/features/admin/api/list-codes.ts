import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingAdminEndpoints, type CallQuery } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

export type CodesFilter = NonNullable<CallQuery<typeof billingAdminEndpoints.codes>>;

const listCodes = (filter: CodesFilter) => call(billingAdminEndpoints.codes, { query: filter });

export const codesQueryKey = ['admin', 'billing', 'codes'] as const;

const codesQueryOptions = (filter: CodesFilter) =>
  queryOptions({ queryKey: [...codesQueryKey, filter], queryFn: () => listCodes(filter), retry: false });

/** Redemption codes, newest batch first, with who used them and the batches' notes (finance). */
export const useCodes = (filter: CodesFilter) => useQuery(codesQueryOptions(filter));
