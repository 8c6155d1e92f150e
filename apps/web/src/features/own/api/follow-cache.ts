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
 * header and their rows in any followers/following list. The lists whose membership changed
 * (their followers, the caller's following) and the caller's own counts are fetched again.
 */
export function applyFollow(client: QueryClient, change: FollowChange) {
  const patch = <T extends { id: string; followedByMe: boolean; followers: number }>(item: T): T =>
    item.id === change.userId ? { ...item, followedByMe: change.following, followers: change.followers } : item;

  client.setQueriesData<UserHome>({ queryKey: [...ownKeys.all, 'home'] }, (home) => (home ? patch(home) : home));
  for (const list of ['followers', 'following'] as const) {
    client.setQueriesData<InfiniteData<Page<FollowEntry>>>({ queryKey: [...ownKeys.all, list] }, (data) =>
      data ? { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map(patch) })) } : data,
    );
  }
  void client.invalidateQueries({ queryKey: ownKeys.followers(change.userId), refetchType: 'active' });
  void client.invalidateQueries({ queryKey: [...ownKeys.all, 'following'], refetchType: 'active' });
  void client.invalidateQueries({ queryKey: ownKeys.home('me') });
}
