import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminConsoleEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

const getOperatorMe = () => call(adminConsoleEndpoints.me);

export const operatorMeQueryKey = ['admin', 'me'] as const;

const operatorMeQueryOptions = () =>
  queryOptions({ queryKey: operatorMeQueryKey, queryFn: getOperatorMe, retry: false, staleTime: 60_000 });

/** The signed-in account as an operator: role and second factor (fails with ADMIN_FORBIDDEN otherwise). */
export const useOperatorMe = () => useQuery(operatorMeQueryOptions());
