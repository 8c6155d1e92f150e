import { useMutation, useQueryClient } from '@tanstack/react-query';
import { developerEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { webhooksQueryKey } from './webhooks-list.ts';

const rotateWebhook = (id: string) => call(developerEndpoints.webhookRotate, { body: { id } });

/**
 * A new signing secret, in this mutation's result only, until the caller resets it once shown; the
 * old one keeps signing for 24 hours. Reset, the mutation leaves React Query's mutation cache at
 * once (`gcTime: 0`) instead of keeping the secret there for the default five minutes.
 */
export function useRotateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhook,
    gcTime: 0,
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
