import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Page, RouteData, UserHome, creatorRoutes } from '@turing/contract';
import { ownKeys } from './own-keys.ts';

export type FollowEntry = RouteData<typeof creatorRoutes.followers>['items'][number];
export interface FollowChange {
  userId: string;
  following: boolean;
  followers: number;
}

/**
 * Puts a follow or unfollow the server confirmed into every cached view of that user: their
 * header and their rows in any followers/following list. Rows stay where they are (an unfollowed
 * user can be followed again from the same list); the lists are fetched afresh when next opened.
 * The caller's own header is fetched again for its following count.
 */
export function applyFollow(client: QueryClient, change: FollowChange) {
  const patch = <T extends { id: string; followedByMe: boolean; followers: number }>(item: T): T =>
    item.id === change.userId ? { ...item, followedByMe: change.following, followers: change.followers } : item;

  client.setQueriesData<UserHome>({ queryKey: [...ownKeys.all, 'home'] }, (home) => (home ? patch(home) : home));
  for (const list of ['followers', 'following'] as const) {
    client.setQueriesData<InfiniteData<Page<FollowEntry>>>({ queryKey: [...ownKeys.all, list] }, (data) =>
      data ? { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map(patch) })) } : data,
    );
    void client.invalidateQueries({ queryKey: [...ownKeys.all, list], refetchType: 'none' });
  }
  void client.invalidateQueries({
    queryKey: [...ownKeys.all, 'home'],
    predicate: (q) => (q.state.data as UserHome | undefined)?.isSelf === true,
  });
}
