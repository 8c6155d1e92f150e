import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { designEndpoints, type TaskParamsInput } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { designKeys } from './task-cache.ts';

const getCost = (body: TaskParamsInput) => call(designEndpoints.cost, { body });

const costQueryOptions = (body: TaskParamsInput) =>
  queryOptions({ queryKey: [...designKeys.cost, body], queryFn: () => getCost(body), staleTime: 10_000, retry: false });

/** "Uses N cubes" or "covered by your time plan", kept while the parameters change. */
export const useCost = (body: TaskParamsInput | null) =>
  useQuery({
    ...costQueryOptions(body ?? ({} as TaskParamsInput)),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
