import { useMutation, useQueryClient } from '@tanstack/react-query';
import { developerEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { webhooksQueryKey } from './webhooks-list.ts';

const redeliverWebhook = (id: string) => call(developerEndpoints.webhookRedeliver, { body: { id } });

/** Sends a delivery again (same message id) and answers with how it went; the logs refresh. */
export function useRedeliverWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: redeliverWebhook,
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
