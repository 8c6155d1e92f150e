import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordPackages } from '../../db/schema/index.ts';
import { appHeaders, buildTestApp, registerUser, type TestApp } from '../../../test-support/test-app.ts';
import { OWN_PACKAGES_MAX } from './catalogue.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const create = (cookie: string, name: string, locale: 'en' | 'zh' = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/turing/design/wordPackage/create',
    headers: { ...appHeaders(locale), cookie },
    payload: { name, positive: 'warm light' },
  });

const ownCount = async (userId: string) =>
  (await t.database.db.select().from(wordPackages).where(eq(wordPackages.userId, userId))).length;

describe('a user’s own word packages', () => {
  it(`are refused past ${OWN_PACKAGES_MAX} with the limit named, and nothing is made`, async () => {
    const { cookie, profile } = await registerUser(t);
    await t.database.db
      .insert(wordPackages)
      .values(Array.from({ length: OWN_PACKAGES_MAX - 1 }, (_, i) => ({ userId: profile.id, name: `Earlier ${i}` })));
    expect((await create(cookie, 'The last one')).json()).toMatchObject({
      status: 200,
      data: { name: 'The last one' },
    });

    const refused = await create(cookie, 'One too many');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'WORD_PACKAGE_LIMIT',
      msg: `You already have ${OWN_PACKAGES_MAX} word packages, the most one account may keep; delete one you no longer use first`,
    });
    expect((await create(cookie, 'Again', 'zh')).json().msg).toBe(
      `您已有 ${OWN_PACKAGES_MAX} 个词包，已达每个账号的上限，请先删除不再使用的词包`,
    );
    expect(await ownCount(profile.id)).toBe(OWN_PACKAGES_MAX);
  });

  it('created ten at once, three short of the cap, end at exactly the cap', async () => {
    const { cookie, profile } = await registerUser(t);
    await t.database.db
      .insert(wordPackages)
      .values(Array.from({ length: OWN_PACKAGES_MAX - 3 }, (_, i) => ({ userId: profile.id, name: `Earlier ${i}` })));
    const codes = await Promise.all(Array.from({ length: 10 }, (_, i) => create(cookie, `Race ${i}`)));
    expect(codes.filter((c) => c.statusCode === 200)).toHaveLength(3);
    expect(await ownCount(profile.id)).toBe(OWN_PACKAGES_MAX);
  });

  it('are created at most 30 a minute by one user (429), not counting another’s', async () => {
    const { cookie } = await registerUser(t);
    const codes: number[] = [];
    for (let i = 0; i <= 30; i += 1) codes.push((await create(cookie, `Burst ${i}`)).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes[30]).toBe(429);

    const other = await registerUser(t);
    expect((await create(other.cookie, 'Unhindered')).statusCode).toBe(200);
  });
});
