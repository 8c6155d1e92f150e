import { useMutation, useQueryClient } from '@tanstack/react-query';
import { developerEndpoints, type WebhookEndpoint } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { webhooksQueryKey } from './webhooks-list.ts';

const deleteWebhook = (id: string) => call(developerEndpoints.webhookDelete, { body: { id } });

/** Deletes an endpoint and its delivery log: it leaves the list at once. */
export function useDeleteWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess(_data, id) {
      client.setQueryData<{ items: WebhookEndpoint[] }>(
        webhooksQueryKey,
        (data) => data && { items: data.items.filter((e) => e.id !== id) },
      );
      return client.invalidateQueries({ queryKey: webhooksQueryKey });
    },
  });
}
