import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subscribe } from './subscribe.ts';
import { unsubscribe } from './unsubscribe.ts';
import { applyFollow } from './work-cache.ts';

export type FollowAction = 'follow' | 'unfollow';

/** Follow or unfollow a creator; every cached view of that creator takes the server's answer. */
export function useFollow(onFailure: (action: FollowAction, err: unknown) => void) {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ userId, follow }: { userId: string; follow: boolean }) =>
      follow ? subscribe(userId) : unsubscribe(userId),
    onSuccess: (state, { userId }) => applyFollow(client, userId, state),
    onError: (err, { follow }) => onFailure(follow ? 'follow' : 'unfollow', err),
  });
}
