import { useMutation, useQueryClient } from '@tanstack/react-query';
import { developerEndpoints, type WebhookCreateBody } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { webhooksQueryKey } from './webhooks-list.ts';

const createWebhook = (body: WebhookCreateBody) => call(developerEndpoints.webhookCreate, { body });

/**
 * Adds an endpoint. Its signing secret lives only in this mutation's result, in memory, until the
 * caller resets it: the list's cache gets the endpoint without it.
 */
export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    // Gone from the mutation cache as soon as it is reset, not five minutes later.
    gcTime: 0,
    // The form shows what the server refused on its fields, or in a toast.
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
