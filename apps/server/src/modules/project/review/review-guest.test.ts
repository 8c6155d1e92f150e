import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@turing/contract';
import { projectComments, projectReviewLinks } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../../test-support/test-app.ts';
import {
  api,
  guest,
  makeLink,
  person,
  seedProject,
  setCurrent,
  type Envelope,
} from '../../../../test-support/review-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A project of two views (one with a chosen current version) and another project of the same owner. */
async function scene() {
  const owner = await person(t);
  const project = await seedProject(t, owner, {
    name: 'Canal library',
    views: [
      { name: 'Street elevation', kinds: ['base', 'result', 'result'] },
      { name: 'Reading room', kinds: ['base', 'result', 'result'] },
      { name: 'Roof', kinds: [] },
    ],
  });
  const [street, reading] = project.views;
  // The reading room shows its first result, chosen; the street its newest.
  await setCurrent(t, reading!.id, reading!.images[1]!.id);
  const other = await seedProject(t, owner, { name: 'Secret tower', views: [{ name: 'Tower', kinds: ['result'] }] });
  return { owner, project, other, street: street!, reading: reading! };
}

const image = async (url: string, headers: Record<string, string> = {}) =>
  (await t.app.inject({ method: 'GET', url, headers })).statusCode;

describe('a review link’s page, without an account', () => {
  it('shows the project’s name and each view’s current image only, with the comments on those images', async () => {
    const { owner, project, other, street, reading } = await scene();
    const { token, link } = await makeLink(t, owner.cookie, { projectId: project.id });
    const shown = [street.images[2]!.id, reading.images[1]!.id];
    const { db } = t.database;
    const comment = (imageId: string, projectId: string, body: string) =>
      db
        .insert(projectComments)
        .values({ projectId, imageId, authorId: owner.id, authorName: 'x', body, x: 0.2, y: 0.3 });
    await comment(shown[0]!, project.id, 'On the current street');
    await comment(street.images[1]!.id, project.id, 'On an older street version');
    await comment(other.views[0]!.images[0]!.id, other.id, 'On another project');

    const res = await guest(t, 'open', { token });
    expect(res.http).toBe(200);
    const data = res.body.data;
    expect(data.name).toBe('Canal library');
    expect(data.views.map((v: { name: string }) => v.name)).toEqual(['Street elevation', 'Reading room', 'Roof']);
    expect(data.views.map((v: { current: { imageId: string } | null }) => v.current?.imageId ?? null)).toEqual([
      ...shown,
      null,
    ]);
    expect(data.comments).toHaveLength(1);
    expect(data.comments[0]).toMatchObject({
      body: 'On the current street',
      imageId: shown[0],
      canDelete: false,
      author: { name: owner.nickname, userId: null, avatarUrl: null, guest: false },
    });
    // Nothing of the owner but their name, nothing of another project, no other version.
    const text = JSON.stringify(res.body);
    for (const secret of [owner.email, owner.id, 'Secret tower', other.id, street.images[0]!.id, street.images[1]!.id])
      expect(text).not.toContain(secret);

    // Its images load in a plain <img>, through addresses bound to this link.
    for (const view of data.views.slice(0, 2)) {
      expect(view.current.url).toContain(`s=${encodeURIComponent(`review:${link.id}`)}`);
      expect(await image(view.current.url)).toBe(200);
      expect(await image(view.current.thumbUrl)).toBe(200);
      // The same address with its scope taken off or changed is refused.
      expect(await image(view.current.url.replace(/&s=[^&]+/, ''))).toBe(404);
      expect(await image(view.current.url.replace(link.id, other.id))).toBe(404);
    }
  });

  it('answers alike with or without the app’s session: it never reads the cookie, nor sets one', async () => {
    const { owner, project } = await scene();
    const { token } = await makeLink(t, owner.cookie, { projectId: project.id });
    const anonymous = await guest(t, 'open', { token });
    const asOwner = await guest(t, 'open', { token }, { cookie: owner.cookie });
    const stale = await guest(t, 'open', { token }, { cookie: `${SESSION_COOKIE}=no-such-session` });
    // The image addresses are signed the same way; what is shown is the same.
    const strip = (body: Envelope) => JSON.stringify(body).replace(/sig=[^&"]+/g, '');
    expect(strip(asOwner.body)).toBe(strip(anonymous.body));
    expect(asOwner.body.data.comments).toEqual(anonymous.body.data.comments);
    expect(stale.http).toBe(200);
    for (const res of [anonymous, asOwner, stale]) expect(res.res.headers['set-cookie']).toBeUndefined();
  });

  it('needs the app’s header, as every state-changing call does', async () => {
    const { owner, project } = await scene();
    const { token } = await makeLink(t, owner.cookie, { projectId: project.id });
    const res = await t.app.inject({ method: 'POST', url: '/turing/review/open', payload: { token } });
    expect(res.json()).toMatchObject({ code: 'APP_HEADER_MISSING' });
  });

  it('gives one answer for an unknown, a revoked and an expired link, in the caller’s language', async () => {
    const { owner, project } = await scene();
    const revoked = await makeLink(t, owner.cookie, { projectId: project.id, password: 'canal-2026' });
    const expired = await makeLink(t, owner.cookie, { projectId: project.id, expiresInDays: 30 });
    await api(t, 'POST', '/project/review-link/revoke', { cookie: owner.cookie, body: { id: revoked.link.id } });
    await t.database.db
      .update(projectReviewLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(projectReviewLinks.id, expired.link.id));
    const unknown = 'A'.repeat(43);

    const answers = [];
    for (const token of [unknown, revoked.token, expired.token]) {
      // A password or none changes nothing: a dead link is dead before its password is looked at.
      for (const password of [undefined, 'canal-2026', 'wrong'])
        answers.push(await guest(t, 'open', { token, password }));
      answers.push(
        await guest(t, 'comment', {
          token,
          imageId: project.views[0]!.images[2]!.id,
          x: 0,
          y: 0,
          body: 'Hi',
          name: 'A',
        }),
      );
    }
    for (const res of answers) {
      expect(res.http).toBe(404);
      expect(res.body).toEqual({
        status: 404,
        msg: 'This review link does not work: it may have expired or been revoked',
        data: null,
        code: 'REVIEW_LINK_INVALID',
      });
    }
    const zh = await guest(t, 'open', { token: unknown }, { locale: 'zh' });
    expect(zh.body.msg).toBe('该评审链接无效：可能已过期或已被撤销');
    // Something that is not a token at all is refused the same way, before any lookup.
    for (const token of ['short', `${'A'.repeat(42)}=`, 'A'.repeat(44)])
      expect((await guest(t, 'open', { token })).body.code).toBe('REVIEW_LINK_INVALID');
  });

  it('ends the image addresses a link handed out at once when it is revoked or expires', async () => {
    const { owner, project } = await scene();
    const first = await makeLink(t, owner.cookie, { projectId: project.id });
    const second = await makeLink(t, owner.cookie, { projectId: project.id, expiresInDays: 1 });
    const urlsOf = async (token: string) =>
      (
        (await guest(t, 'open', { token })).body.data.views as { current: { url: string; thumbUrl: string } | null }[]
      ).flatMap((v) => (v.current ? [v.current.url, v.current.thumbUrl] : []));
    const firstUrls = await urlsOf(first.token);
    const secondUrls = await urlsOf(second.token);
    for (const url of [...firstUrls, ...secondUrls]) expect(await image(url)).toBe(200);

    await api(t, 'POST', '/project/review-link/revoke', { cookie: owner.cookie, body: { id: first.link.id } });
    for (const url of firstUrls) expect(await image(url)).toBe(404);
    // The other link's addresses (the same images) keep working until it ends too.
    for (const url of secondUrls) expect(await image(url)).toBe(200);
    await t.database.db
      .update(projectReviewLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(projectReviewLinks.id, second.link.id));
    for (const url of secondUrls) expect(await image(url)).toBe(404);
  });

  it('records when a link was last opened, at most once a minute', async () => {
    const { owner, project } = await scene();
    const { token, link } = await makeLink(t, owner.cookie, { projectId: project.id });
    const opened = async () =>
      (await t.database.db.select().from(projectReviewLinks).where(eq(projectReviewLinks.id, link.id)))[0]!
        .lastOpenedAt;
    await guest(t, 'open', { token });
    const first = await opened();
    expect(first).not.toBeNull();
    await guest(t, 'open', { token });
    expect(await opened()).toEqual(first);
    const earlier = new Date(Date.now() - 61_000);
    await t.database.db
      .update(projectReviewLinks)
      .set({ lastOpenedAt: earlier })
      .where(eq(projectReviewLinks.id, link.id));
    await guest(t, 'open', { token });
    expect((await opened())!.getTime()).toBeGreaterThan(earlier.getTime());
  });
});

describe('a review link’s password', () => {
  it('is asked for, refused when wrong, and opens the project when right', async () => {
    const { owner, project } = await scene();
    const { token } = await makeLink(t, owner.cookie, { projectId: project.id, password: 'canal-2026' });
    const ip = '198.51.100.1';
    expect((await guest(t, 'open', { token }, { ip })).body).toMatchObject({
      status: 401,
      code: 'REVIEW_PASSWORD_REQUIRED',
      msg: 'This review link needs a password',
    });
    expect((await guest(t, 'open', { token, password: '' }, { ip })).body.code).toBe('REVIEW_PASSWORD_REQUIRED');
    expect((await guest(t, 'open', { token, password: 'canal-2025' }, { ip, locale: 'zh' })).body).toMatchObject({
      code: 'REVIEW_PASSWORD_WRONG',
      msg: '密码不正确',
    });
    const right = await guest(t, 'open', { token, password: 'canal-2026' }, { ip });
    expect(right.body.data.name).toBe('Canal library');
    // A comment needs it too.
    const comment = { token, imageId: project.views[0]!.images[2]!.id, x: 0.5, y: 0.5, body: 'Hi', name: 'Ann' };
    expect((await guest(t, 'comment', comment, { ip })).body.code).toBe('REVIEW_PASSWORD_REQUIRED');
    expect((await guest(t, 'comment', { ...comment, password: 'canal-2026' }, { ip })).http).toBe(200);
  });

  it('is throttled per link: ten tries in a quarter of an hour, wherever they come from; the owner keeps the project', async () => {
    const { owner, project } = await scene();
    const { token } = await makeLink(t, owner.cookie, { projectId: project.id, password: 'canal-2026' });
    // A guest who opened the link before the attack keeps going: the right password is remembered.
    expect((await guest(t, 'open', { token, password: 'canal-2026' }, { ip: '198.51.100.9' })).http).toBe(200);
    for (let i = 1; i <= 9; i += 1) {
      const res = await guest(t, 'open', { token, password: `guess-${i}` }, { ip: `203.0.113.${i}` });
      expect(res.body.code).toBe('REVIEW_PASSWORD_WRONG');
    }
    // Past the link's limit, even the right password from a new address waits.
    const locked = await guest(t, 'open', { token, password: 'canal-2026' }, { ip: '203.0.113.77' });
    expect(locked.http).toBe(429);
    expect(locked.body.code).toBe('RATE_LIMITED');
    expect(Number(locked.res.headers['retry-after'])).toBeGreaterThan(800);
    expect((await guest(t, 'open', { token, password: 'canal-2026' }, { ip: '198.51.100.9' })).http).toBe(200);
    // The owner reaches the project through their session, whatever strangers do to the link.
    const own = await api(t, 'GET', `/project/comment/list?projectId=${project.id}`, { cookie: owner.cookie });
    expect(own.http).toBe(200);
  });

  it('is throttled per address across links', async () => {
    const { owner, project } = await scene();
    const tokens = [];
    for (let i = 0; i < 4; i += 1)
      tokens.push((await makeLink(t, owner.cookie, { projectId: project.id, password: 'canal-2026' })).token);
    const ip = '192.0.2.50';
    for (const token of tokens.slice(0, 3))
      for (let i = 0; i < 10; i += 1)
        expect((await guest(t, 'open', { token, password: `guess-${i}` }, { ip })).body.code).toBe(
          'REVIEW_PASSWORD_WRONG',
        );
    expect((await guest(t, 'open', { token: tokens[3], password: 'canal-2026' }, { ip })).body.code).toBe(
      'RATE_LIMITED',
    );
    // Another address is not held back by it.
    expect((await guest(t, 'open', { token: tokens[3], password: 'canal-2026' }, { ip: '192.0.2.51' })).http).toBe(200);
  });
});
