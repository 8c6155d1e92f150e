import { useMutation, useQueryClient } from '@tanstack/react-query';
import { creatorEndpoints, type creatorRoutes } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { applyFollow } from './follow-cache.ts';

export const unsubscribeUser = (userId: string) =>
  call<typeof creatorRoutes.unsubscribe>(creatorEndpoints.unsubscribe, { query: { userId } });

/** Stops following a user; the caller shows its own failure message. */
export function useUnsubscribeUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: unsubscribeUser,
    meta: { silent: true },
    onSuccess: (res, userId) => applyFollow(client, { userId, ...res }),
  });
}
