import { randomUUID } from 'node:crypto';
import type { TaskParams } from '@turing/contract';
import type { UploadRow, WorkRow } from '../../src/db/schema/index.ts';
import type { AchievementRepository } from '../../src/modules/community/achievements.repository.ts';
import type { FollowRepository } from '../../src/modules/community/follows.repository.ts';
import type { WorksRepository } from '../../src/modules/community/works.repository.ts';
import type { CommunityTagRow } from '../../src/modules/community/works.tags.ts';
import type { WorksTogglesRepository } from '../../src/modules/community/works.toggles.repository.ts';
import { unscoped, type MemoryStore } from './memory-store.ts';

interface Person {
  id: string;
  nickname: string;
  avatarKey: string | null;
  signature: string;
  suspendedAt: Date | null;
}
interface Stats {
  followers: number;
  following: number;
  works: number;
  likesReceived: number;
  collectsReceived: number;
}
interface TaskRecord {
  userId: string;
  params: Partial<TaskParams>;
  prompt: string;
  engine: string;
}
type DetailRow = NonNullable<Awaited<ReturnType<WorksRepository['detail']>>>;

const STAT_OF = { like: 'likesReceived', collect: 'collectsReceived' } as const;
const COUNT_OF = { like: 'likeCount', collect: 'collectCount' } as const;

/**
 * The community's repositories (works, toggles, follows, achievements) over in-memory rows, with
 * the conditions their statements hold: only a published work of a creator who is not suspended
 * can be liked, collected, shared or reported; a toggle moves its counters only when its row
 * changed, so a repeat changes nothing and no count goes below zero; a share counts once per sharer
 * and day, a report once per reporter while open; nobody follows a suspended user.
 */
export function createMemoryCommunity(store: MemoryStore) {
  const people = store.table<Person>();
  const uploads = store.table<UploadRow>();
  const tasks = store.table<TaskRecord>();
  const works = store.table<WorkRow>();
  /** `${kind}:${userId}:${workId}` for likes and collections. */
  const toggled = store.table<true>();
  const shares = store.table<true>();
  const reports = store.table<{ reason: string; status: 'open' | 'closed' }>();
  /** `${followerId}:${followeeId}`. */
  const follows = store.table<Date>();
  const stats = store.table<Stats>();
  const unlocked = store.table<string>();
  const tagRows: CommunityTagRow[] = [];
  const { now } = store;

  const statsOf = (userId: string) => {
    let row = stats.get(userId);
    if (!row)
      stats.set(userId, (row = { followers: 0, following: 0, works: 0, likesReceived: 0, collectsReceived: 0 }));
    return row;
  };
  const suspended = (userId: string) => people.get(userId)?.suspendedAt != null;
  /** A work anyone may act on: published, its creator not suspended. */
  const target = (id: string) => {
    const w = works.get(id);
    return w && w.state === 'published' && !suspended(w.userId) ? w : undefined;
  };
  const day = () => now().toISOString().slice(0, 10);

  const worksRepo: WorksRepository = {
    async detail(id, viewerId) {
      const w = works.get(id);
      if (!w) return null;
      const image = uploads.get(w.uploadId)!;
      const base = w.baseUploadId ? uploads.get(w.baseUploadId) : undefined;
      const parent = w.basedOnId ? works.get(w.basedOnId) : undefined;
      const shownParent = parent?.state === 'published' ? parent : undefined;
      const creator = people.get(w.userId)!;
      const row: DetailRow = {
        work: { ...w },
        key: image.key,
        thumbKey: image.thumbKey,
        baseKey: base?.key ?? null,
        baseThumbKey: base?.thumbKey ?? null,
        creator: {
          id: creator.id,
          nickname: creator.nickname,
          avatarKey: creator.avatarKey,
          suspendedAt: creator.suspendedAt,
        },
        followers: stats.get(w.userId)?.followers ?? 0,
        followedByMe: viewerId !== null && follows.has(`${viewerId}:${w.userId}`),
        liked: viewerId !== null && toggled.has(`like:${viewerId}:${id}`),
        collected: viewerId !== null && toggled.has(`collect:${viewerId}:${id}`),
        basedOn: {
          id: shownParent?.id ?? null,
          title: shownParent?.title ?? null,
          key: shownParent ? uploads.get(shownParent.uploadId)!.key : null,
          thumbKey: shownParent ? uploads.get(shownParent.uploadId)!.thumbKey : null,
          linkVersion: shownParent?.linkVersion ?? null,
        },
        basedOnSuspended: shownParent ? suspended(shownParent.userId) : false,
        derivedCount: [...works.values()].filter(
          (d) => d.basedOnId === id && d.state === 'published' && !suspended(d.userId),
        ).length,
      };
      return row;
    },
    async find(id) {
      const w = works.get(id);
      return w ? { work: { ...w }, suspended: suspended(w.userId) } : null;
    },
    activeBanners: async () => [],
    linkVersionIs: async (id, version) => works.get(id)?.linkVersion === version,
    exists: async (id) => works.has(id),
    async taskOf(taskId, userId, uploadId) {
      const task = tasks.get(taskId);
      if (!task || task.userId !== userId) return null;
      const results = [...uploads.values()].filter((u) => u.taskId === taskId && u.kind === 'result');
      const index = Math.max(
        0,
        results.findIndex((u) => u.id === uploadId),
      );
      return { params: task.params as TaskParams, prompt: task.prompt, engine: task.engine, index };
    },
    usablePackageIds: async (ids) => ids.filter((id) => id.startsWith('recommended-')),
    lockUpload: async () => {},
    async findByUpload(uploadId, userId) {
      const w = [...works.values()].find((row) => row.uploadId === uploadId && row.userId === userId);
      return w ? { id: w.id, state: w.state } : null;
    },
    async insert(input) {
      const row: WorkRow = {
        id: randomUUID(),
        baseUploadId: null,
        taskId: null,
        description: '',
        tags: [],
        params: {},
        prompt: '',
        hideParams: false,
        basedOnId: null,
        state: 'published',
        likeCount: 0,
        collectCount: 0,
        shareCount: 0,
        hiddenReason: null,
        hiddenBy: null,
        hiddenAt: null,
        hiddenFrom: null,
        linkVersion: 0,
        publishedAt: now(),
        createdAt: now(),
        updatedAt: now(),
        ...input,
      } as WorkRow;
      works.set(row.id, row);
      return { ...row };
    },
    async setText(id, text) {
      Object.assign(works.get(id)!, text, { updatedAt: now() });
    },
    async republish(id) {
      const w = works.get(id);
      if (w?.state !== 'unpublished') return false;
      Object.assign(w, { state: 'published', publishedAt: now() });
      return true;
    },
    async bumpWorks(userId, delta) {
      statsOf(userId).works += delta;
    },
    async update(id, userId, text) {
      const w = works.get(id);
      if (!w || w.userId !== userId || w.state === 'hidden') return false;
      Object.assign(w, text, { updatedAt: now() });
      return true;
    },
    async unpublish(id, userId) {
      const w = works.get(id);
      if (!w || w.userId !== userId || w.state !== 'published') return false;
      Object.assign(w, { state: 'unpublished', linkVersion: w.linkVersion + 1, updatedAt: now() });
      return true;
    },
    communityTags: async () => tagRows.map((t) => ({ ...t })),
  };

  const toggles: WorksTogglesRepository = {
    async toggle(kind, on, workId, userId) {
      const w = target(workId);
      if (!w) return null;
      const key = `${kind}:${userId}:${workId}`;
      if (on !== toggled.has(key)) {
        if (on) toggled.set(key, true);
        else toggled.delete(key);
        const step = on ? 1 : -1;
        w[COUNT_OF[kind]] += step;
        statsOf(w.userId)[STAT_OF[kind]] += step;
      }
      return { likeCount: w.likeCount, collectCount: w.collectCount };
    },
    async share(workId, sharerKey) {
      const w = target(workId);
      if (!w) return null;
      const key = `${workId}:${sharerKey}:${day()}`;
      if (!shares.has(key)) {
        shares.set(key, true);
        w.shareCount += 1;
      }
      return w.shareCount;
    },
    async report(workId, reporter, reason) {
      if (!target(workId)) return false;
      const key = `${workId}:${reporter.key}`;
      if (reports.get(key)?.status !== 'open') reports.set(key, { reason, status: 'open' });
      return true;
    },
  };

  const followsRepo: FollowRepository = {
    async follow(followerId, followeeId) {
      const found = people.has(followeeId) && !suspended(followeeId);
      const key = `${followerId}:${followeeId}`;
      const changed = found && !follows.has(key);
      if (changed) {
        follows.set(key, now());
        statsOf(followeeId).followers += 1;
        statsOf(followerId).following += 1;
      }
      return { found, changed, followers: stats.get(followeeId)?.followers ?? 0 };
    },
    async unfollow(followerId, followeeId) {
      const key = `${followerId}:${followeeId}`;
      const changed = follows.delete(key);
      if (changed) {
        statsOf(followeeId).followers = Math.max(0, statsOf(followeeId).followers - 1);
        statsOf(followerId).following = Math.max(0, statsOf(followerId).following - 1);
      }
      return { found: people.has(followeeId), changed, followers: stats.get(followeeId)?.followers ?? 0 };
    },
    async list() {
      return { items: [], nextCursor: null };
    },
  };

  const achievements: AchievementRepository = {
    async state(userId) {
      const person = people.get(userId);
      if (!person) return null;
      const own = [...unlocked.entries()].filter(([key]) => key.startsWith(`${userId}:`));
      return {
        suspended: person.suspendedAt !== null,
        generations: 0,
        publications: [...works.values()].some((w) => w.userId === userId) ? 1 : 0,
        likes: stats.get(userId)?.likesReceived ?? 0,
        followers: stats.get(userId)?.followers ?? 0,
        unlocked: own.map(([key, at]) => ({ code: key.slice(userId.length + 1), unlockedAt: at })),
      };
    },
    async unlock(userId, codes) {
      for (const code of codes)
        if (!unlocked.has(`${userId}:${code}`)) unlocked.set(`${userId}:${code}`, now().toISOString());
      return [...unlocked.entries()]
        .filter(([key]) => key.startsWith(`${userId}:`))
        .map(([key, at]) => ({ code: key.slice(userId.length + 1), unlockedAt: at }));
    },
  };

  return {
    works: worksRepo,
    scopedWorks: unscoped(worksRepo),
    toggles,
    follows: followsRepo,
    achievements,
    people,
    uploads,
    tasks,
    workRows: works,
    reports,
    stats,
    tagRows,
    addPerson(id: string, extra: Partial<Person> = {}) {
      people.set(id, { id, nickname: id.toUpperCase(), avatarKey: null, signature: '', suspendedAt: null, ...extra });
    },
    /** An image of `userId`: a result of `taskId` unless another kind is named. */
    addImage(userId: string, opts: { kind?: string; taskId?: string | null } = {}) {
      const id = randomUUID();
      const row: UploadRow = {
        id,
        userId,
        kind: opts.kind ?? 'result',
        key: `private/${opts.kind ?? 'result'}/${id}.webp`,
        mime: 'image/webp',
        width: 96,
        height: 64,
        bytes: 1000,
        thumbKey: null,
        contentHash: null,
        taskId: opts.taskId ?? null,
        createdAt: now(),
      };
      uploads.set(id, row);
      return { ...row };
    },
  };
}
export type MemoryCommunity = ReturnType<typeof createMemoryCommunity>;
