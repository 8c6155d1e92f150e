import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyFollow, refreshOwnHome, restoreFollow, showsUser } from './follow-cache.ts';
import { subscribeUser } from './subscribe-user.ts';
import { unsubscribeUser } from './unsubscribe-user.ts';

export type FollowAction = 'follow' | 'unfollow';
interface Vars {
  userId: string;
  follow: boolean;
}

/**
 * Follow or unfollow: every view of the user flips at once (followers ±1), the server's count
 * replaces the guess when it answers, and a failure puts the views back as they were.
 */
export function useFollowUser(onFailure: (action: FollowAction, err: unknown) => void) {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ userId, follow }: Vars) => (follow ? subscribeUser(userId) : unsubscribeUser(userId)),
    onMutate: async ({ userId, follow }) => {
      // A fetch still under way would overwrite the guess with the state before the click.
      await client.cancelQueries({ predicate: (q) => showsUser(q.state.data, userId) });
      const snapshot = applyFollow(client, userId, (view) => ({
        followedByMe: follow,
        followers: view.followedByMe === follow ? view.followers : Math.max(0, view.followers + (follow ? 1 : -1)),
      }));
      return { snapshot };
    },
    onSuccess: (state, { userId }) => {
      applyFollow(client, userId, () => ({ followedByMe: state.following, followers: state.followers }));
      void refreshOwnHome(client);
    },
    onError: (err, { follow }, context) => {
      if (context) restoreFollow(client, context.snapshot);
      onFailure(follow ? 'follow' : 'unfollow', err);
    },
  });
}
