import { useMutation, useQueryClient } from '@tanstack/react-query';
import { developerEndpoints, type ApiKey } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { apiKeysQueryKey } from './api-keys-list.ts';

const revokeApiKey = (id: string) => call(developerEndpoints.apiKeyRevoke, { body: { id } });

/** Revokes a key: it leaves the list at once, since the server has stopped taking it. */
export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess(_data, id) {
      client.setQueryData<{ items: ApiKey[] }>(
        apiKeysQueryKey,
        (data) => data && { items: data.items.filter((k) => k.id !== id) },
      );
      return client.invalidateQueries({ queryKey: apiKeysQueryKey });
    },
  });
}
