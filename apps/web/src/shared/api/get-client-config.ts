import { queryOptions, useQuery } from '@tanstack/react-query';
import { systemEndpoints, type systemRoutes } from '@turing/contract';
import { call } from '../http/client.ts';

export const getClientConfig = () => call<typeof systemRoutes.clientConfig>(systemEndpoints.clientConfig);

export const clientConfigQueryOptions = () =>
  queryOptions({ queryKey: ['system', 'config'], queryFn: getClientConfig, staleTime: Infinity });

export const useClientConfig = () => useQuery(clientConfigQueryOptions());
