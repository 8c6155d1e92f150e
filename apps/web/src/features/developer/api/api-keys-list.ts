import { queryOptions, useQuery } from '@tanstack/react-query';
import { developerEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

const listApiKeys = () => call(developerEndpoints.apiKeys);

export const apiKeysQueryKey = ['developer', 'api-keys'] as const;

const apiKeysQueryOptions = () => queryOptions({ queryKey: apiKeysQueryKey, queryFn: listApiKeys });

/** The user's keys that still exist (never their secrets), newest first. */
export const useApiKeys = () => useQuery(apiKeysQueryOptions());
