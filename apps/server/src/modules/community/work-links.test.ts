import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_HEADER, type CreatorCard, type WorkCard, type WorkDetail } from '@turing/contract';
import { uploads } from '../../db/schema/index.ts';
import { appHeaders, buildTestApp, seedUser, type TestApp } from '../../../test-support/test-app.ts';
import { call, makeResult, ok, publish } from '../../../test-support/works.fixtures.ts';

/**
 * Links handed out for a community work's images are bound to the work's link version: taking the
 * work out, or an operator hiding it, ends them at once instead of when they expire (about an hour).
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const load = (url: string) => t.app.inject({ method: 'GET', url });

async function publicWork(title: string) {
  const owner = await seedUser(t);
  const result = await makeResult(t, owner.user.id);
  const work = await publish(t, owner.cookie, { imageId: result.uploadId, title });
  const detail = await ok<WorkDetail>(call(t, null, 'GET', `/work/detail?id=${work.id}`));
  const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, result.uploadId));
  // The owner's own link to the same image, as the workspace hands it out.
  const ownLink = t.app.services!.uploads.url(row!.key);
  return { owner, work, detail, ownLink };
}

const hide = (id: string) =>
  t.app.inject({
    method: 'POST',
    url: '/turing/admin/community/work/hide',
    headers: { ...appHeaders(), [ADMIN_TOKEN_HEADER]: t.app.services!.adminToken },
    payload: { id, reason: 'spam' },
  });

describe('image links of a community work', () => {
  it('work while it is published, and are kept by browsers only briefly', async () => {
    const { work, detail } = await publicWork('Linked');
    expect(detail.url).toContain(`&s=w.${work.id}.0`);
    const res = await load(detail.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^private, max-age=([1-9]\d{0,2}|600)$/);
    expect((await load(detail.thumbUrl)).statusCode).toBe(200);
  });

  it('stop working the moment the owner takes the work out; the owner’s own links go on', async () => {
    const { owner, work, detail, ownLink } = await publicWork('Taken out');
    const cards = await ok<{ items: WorkCard[] }>(call(t, null, 'GET', `/work/list?userId=${owner.user.id}`));
    const card = cards.items.find((c) => c.id === work.id)!;
    expect((await load(card.thumbUrl)).statusCode).toBe(200);

    await ok(call(t, owner.cookie, 'POST', '/work/unpublish', { id: work.id }));
    for (const url of [detail.url, detail.thumbUrl, card.thumbUrl]) expect((await load(url)).statusCode).toBe(404);
    expect((await load(ownLink)).statusCode).toBe(200);
    // What the owner is shown now works.
    const mine = await ok<WorkDetail>(call(t, owner.cookie, 'GET', `/work/detail?id=${work.id}`));
    expect((await load(mine.url)).statusCode).toBe(200);
  });

  it('stop working the moment an operator hides the work', async () => {
    const { work, detail } = await publicWork('Hidden');
    expect((await hide(work.id)).json().status).toBe(200);
    expect((await load(detail.url)).statusCode).toBe(404);
    expect((await load(detail.thumbUrl)).statusCode).toBe(404);
  });

  it('cannot be moved to another version or stripped of it', async () => {
    const { work, detail } = await publicWork('Tampered');
    expect((await load(detail.url.replace(`s=w.${work.id}.0`, `s=w.${work.id}.1`))).statusCode).toBe(404);
    expect((await load(detail.url.replace(/&s=[^&]+/, ''))).statusCode).toBe(404);
  });

  it('of recommended creators’ recent works end the same way', async () => {
    const { owner, work } = await publicWork('Recent');
    const creators = await ok<CreatorCard[]>(
      t.app.inject({ method: 'GET', url: '/turing/user/waterfallBlogger?limit=20', headers: appHeaders() }),
    );
    const recent = creators.find((c) => c.id === owner.user.id)!.recentWorks.find((w) => w.id === work.id)!;
    expect((await load(recent.thumbUrl)).statusCode).toBe(200);
    await ok(call(t, owner.cookie, 'POST', '/work/unpublish', { id: work.id }));
    expect((await load(recent.thumbUrl)).statusCode).toBe(404);
  });
});
