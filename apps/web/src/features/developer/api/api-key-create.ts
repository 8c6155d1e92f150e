import { useMutation, useQueryClient } from '@tanstack/react-query';
import { developerEndpoints, type ApiKeyCreateBody } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { apiKeysQueryKey } from './api-keys-list.ts';

const createApiKey = (body: ApiKeyCreateBody) => call(developerEndpoints.apiKeyCreate, { body });

/**
 * Makes a key. Its secret lives only in this mutation's result, in memory, until the caller resets
 * it: the list's cache gets the key without it, and nothing is written to the browser's storage.
 */
export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    // The form shows what the server refused on its fields, or in a toast.
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
