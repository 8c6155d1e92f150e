import { queryOptions, useQuery } from '@tanstack/react-query';
import { systemAdminEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

const listEngines = () => call(systemAdminEndpoints.engines);

export const enginesQueryKey = ['admin', 'engines'] as const;

/** How often the page asks again: a server's state and queue move on their own. */
const ENGINES_REFRESH_MS = 10_000;

const enginesQueryOptions = () =>
  queryOptions({ queryKey: enginesQueryKey, queryFn: listEngines, refetchInterval: ENGINES_REFRESH_MS });

/** Every configured engine, checked by the server, with each of its servers. */
export const useEngines = () => useQuery(enginesQueryOptions());
