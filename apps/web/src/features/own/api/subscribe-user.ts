import { useMutation, useQueryClient } from '@tanstack/react-query';
import { creatorEndpoints, type creatorRoutes } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { applyFollow } from './follow-cache.ts';

export const subscribeUser = (userId: string) =>
  call<typeof creatorRoutes.subscribe>(creatorEndpoints.subscribe, { query: { userId } });

/** Follows a user; the caller shows its own failure message. */
export function useSubscribeUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: subscribeUser,
    meta: { silent: true },
    onSuccess: (res, userId) => applyFollow(client, { userId, ...res }),
  });
}
