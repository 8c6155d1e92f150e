import { useMutation, useQueryClient } from '@tanstack/react-query';
import { developerEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { webhooksQueryKey } from './webhooks-list.ts';

const rotateWebhook = (id: string) => call(developerEndpoints.webhookRotate, { body: { id } });

/** A new signing secret, in this mutation's result only; the old one keeps signing for 24 hours. */
export function useRotateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhook,
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
