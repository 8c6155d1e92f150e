import { beforeEach, describe, expect, it } from 'vitest';
import { publishBody, updateWorkBody, type PublishBody, type UploadKind } from '@turing/contract';
import { AppError } from '../../shared/app-error.ts';
import { createMemoryCommunity, type MemoryCommunity } from '../../../test-support/fakes/community.memory.ts';
import { createMemoryStorage } from '../../../test-support/fakes/storage.memory.ts';
import { createMemoryStore, type MemoryStore } from '../../../test-support/fakes/memory-store.ts';
import type { UploadRow } from '../../db/schema/index.ts';
import type { WorksListRepository } from './works.list.repository.ts';
import { createWorksService, type WorksServiceDeps } from './works.service.ts';

// Who may publish what, who sees a work (and its parameters), what an operator's hiding holds,
// and the counters behind likes, collections and shares: on in-memory repositories, no database.

let store: MemoryStore;
let memory: MemoryCommunity;
let refreshed: string[];
let works: ReturnType<typeof createWorksService>;

/** The upload service as the works service uses it, over the fake's images. */
function uploadsOver(m: MemoryCommunity): WorksServiceDeps['uploads'] {
  const toDto = (row: UploadRow) => ({
    id: row.id,
    kind: row.kind as UploadKind,
    url: `/files/${row.key}`,
    thumbUrl: null,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
  });
  const ownedImage = (id: string, userId: string) => {
    const row = m.uploads.get(id);
    return row && row.userId === userId && !['avatar', 'support'].includes(row.kind) ? row : undefined;
  };
  return {
    async getOwnedAny(id, userId) {
      const row = ownedImage(id, userId);
      if (!row) throw new AppError('UPLOAD_NOT_FOUND');
      return { ...row };
    },
    async ownedImageUrls(userId, ids) {
      const owned = ids.map((id) => ownedImage(id, userId)).filter((row) => row !== undefined);
      return new Map(owned.map((row) => [row.id, { url: `/files/${row.key}`, thumbUrl: `/files/${row.key}` }]));
    },
    toDto,
    async copyImages(fromUserId, toUserId, wanted) {
      const copies = new Map<string, ReturnType<typeof toDto>>();
      for (const w of wanted) {
        if (!ownedImage(w.id, fromUserId)) continue;
        copies.set(w.id, toDto(m.addImage(toUserId, { kind: w.kind })));
      }
      return copies;
    },
  };
}

/** The gallery's lists are not these rules' subject: any use of them here is a mistake. */
const noLists = new Proxy({} as WorksListRepository, {
  get: (_t, name) => () => Promise.reject(new Error(`the lists (${String(name)}) are not modelled here`)),
});

beforeEach(() => {
  store = createMemoryStore();
  memory = createMemoryCommunity(store);
  refreshed = [];
  for (const who of ['ann', 'bob', 'cat']) memory.addPerson(who);
  memory.tagRows.push({ category: 'style', slug: 'modern', labelEn: 'Modern', labelZh: '现代' });
  works = createWorksService({
    works: memory.scopedWorks,
    lists: noLists,
    toggles: memory.toggles,
    transaction: store.transaction,
    storage: createMemoryStorage().storage,
    uploads: uploadsOver(memory),
    publicUrl: 'https://turing.example',
    achievements: { refresh: async (userId) => void refreshed.push(userId) },
  });
});

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (err: { code?: string }) => err.code,
  );
const caller = (userId: string | null, ip = '203.0.113.7') => ({ userId, ip });
const worksOf = (userId: string) => memory.stats.get(userId)?.works ?? 0;

/** A result image of `userId`'s task, with that task's parameters. */
function result(userId: string, params: Record<string, unknown> = {}) {
  const taskId = crypto.randomUUID();
  memory.tasks.set(taskId, {
    userId,
    engine: 'preview',
    prompt: 'a brick house',
    params: { mode: 'text', prompt: 'a brick house', count: 1, quality: 'SD', seed: 7, ...params },
  });
  return memory.addImage(userId, { taskId });
}
const publish = (userId: string, body: Partial<PublishBody> & { imageId: string }) =>
  works.publish(userId, publishBody.parse({ title: 'Villa', ...body }));

describe('who may publish what', () => {
  it('publishes the caller’s own result, with its task’s prompt and seed, once per image', async () => {
    const image = result('ann');
    const work = await publish('ann', { imageId: image.id, tags: { style: ['modern'] } });
    expect(work).toMatchObject({ title: 'Villa', mine: true, state: 'published', prompt: 'a brick house' });
    expect(work.settings).toMatchObject({ mode: 'text', seed: 7 });
    expect(work.tags.map((t) => t.slug)).toEqual(['modern']);
    const again = await publish('ann', { imageId: image.id, title: 'Villa again' });
    expect(again.id).toBe(work.id);
    expect(memory.workRows.size).toBe(1);
    expect(worksOf('ann')).toBe(1);
    expect(refreshed).toContain('ann');
  });

  it('refuses an uploaded image (not a result) and someone else’s result, and makes nothing', async () => {
    const uploaded = memory.addImage('ann', { kind: 'base' });
    expect(await codeOf(publish('ann', { imageId: uploaded.id }))).toBe('WORK_NOT_RESULT');
    expect(await codeOf(publish('bob', { imageId: result('ann').id }))).toBe('UPLOAD_NOT_FOUND');
    expect(await codeOf(publish('ann', { imageId: result('ann').id, tags: { style: ['gothic'] } }))).toBe('VALIDATION');
    expect(memory.workRows.size).toBe(0);
    expect(worksOf('ann')).toBe(0);
  });

  it('keeps a base image and a lineage only when they are the caller’s and exist', async () => {
    const theirs = memory.addImage('bob', { kind: 'base' });
    const work = await publish('ann', {
      imageId: result('ann', { mode: 'iterate', baseImageId: theirs.id, basedOnId: crypto.randomUUID() }).id,
    });
    expect(work.baseImage).toBeNull();
    expect(work.basedOn).toBeNull();
    const mine = memory.addImage('ann', { kind: 'base' });
    const child = await publish('ann', {
      imageId: result('ann', { mode: 'iterate', baseImageId: mine.id, basedOnId: work.id }).id,
    });
    expect(child.baseImage).not.toBeNull();
    expect(child.basedOn).toMatchObject({ id: work.id });
  });
});

describe('who sees a work', () => {
  it('shows an unpublished work to its owner only; to anyone else it does not exist', async () => {
    const work = await publish('ann', { imageId: result('ann').id });
    await works.unpublish('ann', work.id);
    expect((await works.detail(work.id, 'ann')).state).toBe('unpublished');
    expect(await codeOf(works.detail(work.id, 'bob'))).toBe('WORK_NOT_FOUND');
    expect(await codeOf(works.detail(work.id, null))).toBe('WORK_NOT_FOUND');
    expect(await codeOf(works.params(work.id, 'bob'))).toBe('WORK_NOT_FOUND');
  });

  it('says a work is hidden when an operator hid it or its creator is suspended', async () => {
    const work = await publish('ann', { imageId: result('ann').id });
    memory.workRows.get(work.id)!.state = 'hidden';
    expect(await codeOf(works.detail(work.id, 'bob'))).toBe('WORK_HIDDEN');
    expect((await works.detail(work.id, 'ann')).state).toBe('hidden');
    memory.workRows.get(work.id)!.state = 'published';
    memory.people.get('ann')!.suspendedAt = store.now();
    expect(await codeOf(works.detail(work.id, 'bob'))).toBe('WORK_HIDDEN');
  });

  it('hands out parameters without image or folder ids, and none when the creator hid them', async () => {
    const base = memory.addImage('ann', { kind: 'base' });
    const image = result('ann', { mode: 'iterate', baseImageId: base.id, folderId: crypto.randomUUID() });
    const work = await publish('ann', { imageId: image.id });
    const copied = await works.params(work.id, 'bob');
    expect(copied.params).toMatchObject({ mode: 'iterate', prompt: 'a brick house', basedOnId: work.id });
    expect(copied.params).not.toHaveProperty('baseImageId');
    expect(copied.params).not.toHaveProperty('folderId');
    await works.update('ann', updateWorkBody.parse({ id: work.id, title: 'V', hideParams: true }));
    expect(await codeOf(works.params(work.id, 'bob'))).toBe('PARAMS_HIDDEN');
    expect(await codeOf(works.copy(work.id, 'bob'))).toBe('PARAMS_HIDDEN');
    expect((await works.params(work.id, 'ann')).basedOnId).toBe(work.id);
  });
});

describe('a work an operator hid', () => {
  it('cannot be republished, edited or taken out by its owner, and its counter stays', async () => {
    const image = result('ann');
    const work = await publish('ann', { imageId: image.id });
    memory.workRows.get(work.id)!.state = 'hidden';
    expect(await codeOf(publish('ann', { imageId: image.id, title: 'Back' }))).toBe('WORK_HIDDEN');
    const edit = updateWorkBody.parse({ id: work.id, title: 'Edited' });
    expect(await codeOf(works.update('ann', edit))).toBe('WORK_HIDDEN');
    expect(await codeOf(works.unpublish('ann', work.id))).toBe('WORK_HIDDEN');
    expect(memory.workRows.get(work.id)).toMatchObject({ state: 'hidden', title: 'Villa' });
    expect(worksOf('ann')).toBe(1);
  });

  it('is not anyone else’s to edit or take out: that reads as not found', async () => {
    const image = result('ann');
    const work = await publish('ann', { imageId: image.id });
    const edit = updateWorkBody.parse({ id: work.id, title: 'Mine now' });
    expect(await codeOf(works.update('bob', edit))).toBe('WORK_NOT_FOUND');
    expect(await codeOf(works.unpublish('bob', work.id))).toBe('WORK_NOT_FOUND');
    expect(memory.workRows.get(work.id)!.state).toBe('published');
  });
});

describe('unpublishing and publishing again', () => {
  it('moves the creator’s counter once each way, however often it is asked', async () => {
    const image = result('ann');
    const work = await publish('ann', { imageId: image.id });
    await works.unpublish('ann', work.id);
    await works.unpublish('ann', work.id);
    expect(worksOf('ann')).toBe(0);
    expect(memory.workRows.get(work.id)!.linkVersion).toBe(1);
    const back = await publish('ann', { imageId: image.id, title: 'Back' });
    expect(back).toMatchObject({ id: work.id, state: 'published', title: 'Back' });
    expect(worksOf('ann')).toBe(1);
  });
});

describe('likes and collections', () => {
  it('count once per user, however often they are sent, and never go below zero', async () => {
    const work = await publish('ann', { imageId: result('ann').id });
    expect(await works.like(work.id, 'bob')).toEqual({ active: true, likeCount: 1, collectCount: 0 });
    expect(await works.like(work.id, 'bob')).toEqual({ active: true, likeCount: 1, collectCount: 0 });
    expect(await works.like(work.id, 'cat')).toMatchObject({ likeCount: 2 });
    expect(await works.collect(work.id, 'bob')).toEqual({ active: true, likeCount: 2, collectCount: 1 });
    for (let i = 0; i < 3; i += 1) await works.unlike(work.id, 'bob');
    expect(await works.unlike(work.id, 'ann')).toEqual({ active: false, likeCount: 1, collectCount: 1 });
    for (let i = 0; i < 3; i += 1) await works.uncollect(work.id, 'bob');
    expect(await works.uncollect(work.id, 'cat')).toEqual({ active: false, likeCount: 1, collectCount: 0 });
    expect(memory.stats.get('ann')).toMatchObject({ likesReceived: 1, collectsReceived: 0 });
  });

  it('tell the creator’s achievements about a like', async () => {
    const work = await publish('ann', { imageId: result('ann').id });
    refreshed = [];
    await works.collect(work.id, 'bob');
    expect(refreshed).toEqual([]);
    await works.like(work.id, 'bob');
    expect(refreshed).toEqual(['ann']);
  });

  it('are refused on a work that is not public, as not found, and change nothing', async () => {
    const out = await publish('ann', { imageId: result('ann').id });
    await works.unpublish('ann', out.id);
    const hidden = await publish('ann', { imageId: result('ann').id });
    memory.workRows.get(hidden.id)!.state = 'hidden';
    for (const id of [out.id, hidden.id, crypto.randomUUID()]) {
      expect(await codeOf(works.like(id, 'bob'))).toBe('WORK_NOT_FOUND');
      expect(await codeOf(works.collect(id, 'bob'))).toBe('WORK_NOT_FOUND');
      expect(await codeOf(works.share(id, caller('bob')))).toBe('WORK_NOT_FOUND');
      expect(await codeOf(works.report(id, caller('bob'), 'spam', ''))).toBe('WORK_NOT_FOUND');
    }
    expect(memory.workRows.get(hidden.id)).toMatchObject({ likeCount: 0, collectCount: 0, shareCount: 0 });
    expect(memory.reports.size).toBe(0);
  });
});

describe('shares and reports', () => {
  it('count a share once per caller and day, and link to the configured address', async () => {
    const work = await publish('ann', { imageId: result('ann').id });
    expect(await works.share(work.id, caller('bob'))).toEqual({
      url: `https://turing.example/#/detail/${work.id}`,
      shareCount: 1,
    });
    expect((await works.share(work.id, caller('bob', '198.51.100.1'))).shareCount).toBe(1);
    expect((await works.share(work.id, caller(null))).shareCount).toBe(2);
    expect((await works.share(work.id, caller(null))).shareCount).toBe(2);
    store.advance(86_400_000);
    expect((await works.share(work.id, caller('bob'))).shareCount).toBe(3);
  });

  it('keep one open report per reporter, by account or else by address', async () => {
    const work = await publish('ann', { imageId: result('ann').id });
    await works.report(work.id, caller('bob'), 'spam', '');
    await works.report(work.id, caller('bob', '198.51.100.1'), 'other', 'again');
    await works.report(work.id, caller(null), 'spam', '');
    expect(memory.reports.size).toBe(2);
  });
});
