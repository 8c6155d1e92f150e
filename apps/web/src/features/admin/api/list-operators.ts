import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminConsoleEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

const listOperators = () => call(adminConsoleEndpoints.operators);

export const operatorsQueryKey = ['admin', 'operators'] as const;

const operatorsQueryOptions = () => queryOptions({ queryKey: operatorsQueryKey, queryFn: listOperators });

/** Every operator with their role (owners only). */
export const useOperators = () => useQuery(operatorsQueryOptions());
