import { useMutation, useQueryClient } from '@tanstack/react-query';
import { developerEndpoints, type WebhookEndpoint, type WebhookEvent } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { webhooksQueryKey } from './webhooks-list.ts';

const updateWebhook = (body: { id: string; events?: WebhookEvent[]; enabled?: boolean }) =>
  call(developerEndpoints.webhookUpdate, { body });

/** Changes an endpoint's events, or switches it off or on; the list shows the answer at once. */
export function useUpdateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess(endpoint) {
      client.setQueryData<{ items: WebhookEndpoint[] }>(
        webhooksQueryKey,
        (data) => data && { items: data.items.map((e) => (e.id === endpoint.id ? endpoint : e)) },
      );
    },
  });
}
