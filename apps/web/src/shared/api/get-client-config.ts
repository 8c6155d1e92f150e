import { queryOptions, useQuery } from '@tanstack/react-query';
import { systemEndpoints } from '@turing/contract';
import { call } from '../http/client.ts';

const getClientConfig = () => call(systemEndpoints.clientConfig);

export const clientConfigQueryOptions = () =>
  queryOptions({ queryKey: ['system', 'config'], queryFn: getClientConfig, staleTime: Infinity });

export const useClientConfig = () => useQuery(clientConfigQueryOptions());
