import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkCard } from '@turing/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { buildTestApp, seedUser, type TestApp } from '../../../test-support/test-app.ts';
import { call, makeResult, ok, publish } from '../../../test-support/works.fixtures.ts';

// The works a user liked, as their own home page lists them: private to that user, newest like
// first, public works only, paged like the other lists of the page.

let t: TestApp;
let creator: Awaited<ReturnType<typeof seedUser>>;
beforeAll(async () => {
  t = await buildTestApp();
  creator = await seedUser(t);
});
afterAll(() => t.close());

interface CardPage {
  items: WorkCard[];
  nextCursor: string | null;
}

async function newWork(title: string, by = creator) {
  const r = await makeResult(t, by.user.id);
  return (await publish(t, by.cookie, { imageId: r.uploadId, title })).id;
}

const like = (cookie: string, id: string) => ok(call(t, cookie, 'POST', '/work/like', { id }));
const liked = async (cookie: string, query = '') =>
  (await ok<CardPage>(call(t, cookie, 'GET', `/work/liked${query}`))).items.map((w) => w.id);

describe('liked works', () => {
  it('lists the caller’s likes, the latest first, as cards marked liked', async () => {
    const fan = await seedUser(t);
    const [first, second, third] = [await newWork('One'), await newWork('Two'), await newWork('Three')];
    await like(fan.cookie, second);
    await like(fan.cookie, first);
    await like(fan.cookie, third);
    expect(await liked(fan.cookie)).toEqual([third, first, second]);

    const page = await ok<CardPage>(call(t, fan.cookie, 'GET', '/work/liked'));
    expect(page.items[0]).toMatchObject({ id: third, title: 'Three', liked: true, collected: false, likeCount: 1 });
    expect(page.items[0]!.creator).toMatchObject({ id: creator.user.id, nickname: creator.user.nickname });
    expect(page.nextCursor).toBeNull();

    // Unliking takes a work off the list; liking it again brings it back at the top.
    await ok(call(t, fan.cookie, 'POST', '/work/unlike', { id: third }));
    expect(await liked(fan.cookie)).toEqual([first, second]);
    await like(fan.cookie, third);
    expect(await liked(fan.cookie)).toEqual([third, first, second]);
  });

  it('is private: a visitor is asked to log in, and a user id names nobody else’s likes', async () => {
    const fan = await seedUser(t);
    const other = await seedUser(t);
    const work = await newWork('Private like');
    await like(fan.cookie, work);

    expect((await call(t, null, 'GET', '/work/liked')).json()).toMatchObject({ status: 202, code: 'SESSION_EXPIRED' });
    expect((await call(t, null, 'GET', `/work/liked?userId=${fan.user.id}`)).json()).toMatchObject({
      code: 'SESSION_EXPIRED',
    });
    expect(await liked(other.cookie, `?userId=${fan.user.id}`)).toEqual([]);
    expect(await liked(fan.cookie)).toEqual([work]);
  });

  it('leaves out works no longer public: unpublished, or their creator suspended', async () => {
    const fan = await seedUser(t);
    const author = await seedUser(t);
    const kept = await newWork('Kept');
    const withdrawn = await newWork('Withdrawn');
    const suspended = await newWork('By a suspended author', author);
    for (const id of [kept, withdrawn, suspended]) await like(fan.cookie, id);
    expect(await liked(fan.cookie)).toEqual([suspended, withdrawn, kept]);

    await ok(call(t, creator.cookie, 'POST', '/work/unpublish', { id: withdrawn }));
    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, author.user.id));
    expect(await liked(fan.cookie)).toEqual([kept]);
  });

  it('pages every like exactly once while new likes arrive between pages', async () => {
    const fan = await seedUser(t);
    const ids: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      ids.push(await newWork(`Paged ${i}`));
      await like(fan.cookie, ids.at(-1)!);
    }
    const late = await newWork('Liked while paging');
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 10; pages += 1) {
      const page: CardPage = await ok(
        call(t, fan.cookie, 'GET', `/work/liked?limit=3${cursor ? `&cursor=${cursor}` : ''}`),
      );
      seen.push(...page.items.map((w) => w.id));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
      if (pages === 0) await like(fan.cookie, late);
    }
    expect(seen).toEqual([...ids].reverse());
    expect(await liked(fan.cookie)).toEqual([late, ...[...ids].reverse()]);
  });

  it('refuses a cursor it did not make and a page size out of range', async () => {
    const fan = await seedUser(t);
    expect((await call(t, fan.cookie, 'GET', '/work/liked?cursor=bm90LWEtY3Vyc29y')).json()).toMatchObject({
      code: 'CURSOR_INVALID',
    });
    expect((await call(t, fan.cookie, 'GET', '/work/liked?limit=0')).json()).toMatchObject({ code: 'PAGE_LIMIT' });
  });
});
