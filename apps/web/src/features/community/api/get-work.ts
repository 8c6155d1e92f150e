import { queryOptions, useQuery } from '@tanstack/react-query';
import { communityEndpoints } from '@turing/contract';
import { ApiError } from '../../../shared/http/api-error.ts';
import { call } from '../../../shared/http/client.ts';
import { communityKeys } from './keys.ts';

const getWork = (id: string) => call(communityEndpoints.detail, { query: { id } });

/** Hidden and missing works are answers, not failures worth retrying. */
const FINAL = new Set(['WORK_NOT_FOUND', 'WORK_HIDDEN', 'VALIDATION']);

const workQueryOptions = (id: string) =>
  queryOptions({
    queryKey: communityKeys.detail(id),
    queryFn: () => getWork(id),
    retry: (count, err) => !(err instanceof ApiError && err.code && FINAL.has(err.code)) && count < 1,
  });

export const useWork = (id: string, enabled = true) => useQuery({ ...workQueryOptions(id), enabled });
