import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { UserHome } from '@turing/contract';

/** How the contract shows a user to others: a work's creator, a recommended creator, a row of a follow list, a home page. */
interface FollowView {
  id: string;
  followedByMe: boolean;
  followers: number;
}
type FollowChange = (view: FollowView) => Pick<FollowView, 'followedByMe' | 'followers'>;
/** What the queries a change touched held before it, to put back if the server refuses. */
type FollowSnapshot = ReadonlyArray<readonly [QueryKey, unknown]>;

const isRecord = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

const isViewOf = (value: Record<string, unknown>, userId: string) =>
  value.id === userId && typeof value.followedByMe === 'boolean' && typeof value.followers === 'number';

/**
 * `data` with every view of the user changed, or undefined when it holds none. Only the objects on
 * the way to a view are copied, so the other cards of a list keep their identity and don't re-render.
 */
function withChange(data: unknown, userId: string, change: FollowChange): unknown {
  if (Array.isArray(data)) {
    let changed = false;
    const items = data.map((item: unknown) => {
      const next = withChange(item, userId, change);
      if (next === undefined) return item;
      changed = true;
      return next;
    });
    return changed ? items : undefined;
  }
  if (!isRecord(data)) return undefined;
  let copy: Record<string, unknown> | undefined = isViewOf(data, userId)
    ? { ...data, ...change(data as unknown as FollowView) }
    : undefined;
  for (const [key, value] of Object.entries(data)) {
    const next = typeof value === 'object' ? withChange(value, userId, change) : undefined;
    if (next === undefined) continue;
    copy ??= { ...data };
    copy[key] = next;
  }
  return copy;
}

/** Whether a query's data shows the user anywhere. */
export const showsUser = (data: unknown, userId: string) => withChange(data, userId, (view) => view) !== undefined;

/**
 * Puts a follow state into every cached view of the user, whichever page fetched it: the views are
 * found by their shape (see FollowView), so a new page that shows users needs nothing here.
 */
export function applyFollow(client: QueryClient, userId: string, change: FollowChange): FollowSnapshot {
  const before: (readonly [QueryKey, unknown])[] = [];
  for (const query of client.getQueryCache().findAll()) {
    const next = withChange(query.state.data, userId, change);
    if (next === undefined) continue;
    before.push([query.queryKey, query.state.data]);
    client.setQueryData(query.queryKey, next);
  }
  return before;
}

export function restoreFollow(client: QueryClient, snapshot: FollowSnapshot) {
  for (const [key, data] of snapshot) client.setQueryData(key, data);
}

/** The caller's own home page counts whom they follow: it is fetched again after a follow. */
export const refreshOwnHome = (client: QueryClient) =>
  client.invalidateQueries({ predicate: (q) => (q.state.data as Partial<UserHome> | undefined)?.isSelf === true });
