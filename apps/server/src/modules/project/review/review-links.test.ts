import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_LIMITS, REVIEW_TOKEN_PATTERN } from '@turing/contract';
import { projectReviewLinks } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../../test-support/test-app.ts';
import { addMember, api, guest, makeLink, person, seedProject } from '../../../../test-support/review-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const oneView = { views: [{ name: 'Street elevation', kinds: ['result' as const] }] };
const links = (cookie: string, projectId: string) =>
  api(t, 'GET', `/project/review-link/list?projectId=${projectId}`, { cookie });

describe('review links (the owner’s)', () => {
  it('makes a link whose token is shown once and kept only as a digest, with an argon2id password', async () => {
    const owner = await person(t);
    const project = await seedProject(t, owner, oneView);
    const made = await api(t, 'POST', '/project/review-link/create', {
      cookie: owner.cookie,
      body: { projectId: project.id, label: 'Client — Ms Wong', expiresInDays: 7, password: 'canal-2026' },
    });
    expect(made.http).toBe(200);
    const { token, link } = made.body.data;
    expect(token).toMatch(REVIEW_TOKEN_PATTERN);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(link).toMatchObject({
      label: 'Client — Ms Wong',
      hasPassword: true,
      revoked: false,
      expired: false,
      lastOpenedAt: null,
      commentCount: 0,
    });
    const days = (Date.parse(link.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const [row] = await t.database.db.select().from(projectReviewLinks).where(eq(projectReviewLinks.id, link.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain('canal-2026');

    // The list never holds the token again.
    const listed = await links(owner.cookie, project.id);
    expect(listed.body.data.links).toEqual([link]);
    expect(JSON.stringify(listed.body)).not.toContain(token);
  });

  it('tells, in the list, which links are revoked or expired, when each was last opened and what it brought', async () => {
    const owner = await person(t);
    const project = await seedProject(t, owner, oneView);
    const imageId = project.views[0]!.images[0]!.id;
    const open = await makeLink(t, owner.cookie, { projectId: project.id, label: 'Open' });
    const old = await makeLink(t, owner.cookie, { projectId: project.id, label: 'Old', expiresInDays: 1 });
    const gone = await makeLink(t, owner.cookie, { projectId: project.id, label: 'Gone' });
    await t.database.db
      .update(projectReviewLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(projectReviewLinks.id, old.link.id));
    await api(t, 'POST', '/project/review-link/revoke', { cookie: owner.cookie, body: { id: gone.link.id } });
    expect((await guest(t, 'open', { token: open.token })).http).toBe(200);
    const comment = { token: open.token, imageId, x: 0.5, y: 0.5, body: 'Lovely brick', name: 'Ann' };
    expect((await guest(t, 'comment', comment)).http).toBe(200);

    const listed = (await links(owner.cookie, project.id)).body.data.links as Record<string, unknown>[];
    const byLabel = Object.fromEntries(listed.map((l) => [l.label, l]));
    expect(listed.map((l) => l.label).sort()).toEqual(['Gone', 'Old', 'Open']);
    expect(byLabel.Open).toMatchObject({ revoked: false, expired: false, commentCount: 1, hasPassword: false });
    expect(Date.now() - Date.parse(byLabel.Open!.lastOpenedAt as string)).toBeLessThan(60_000);
    expect(byLabel.Old).toMatchObject({ revoked: false, expired: true, lastOpenedAt: null });
    expect(byLabel.Gone).toMatchObject({ revoked: true, expired: false });
  });

  it('is the owner’s alone: a member is refused by role, anyone else finds nothing', async () => {
    const owner = await person(t);
    const editor = await person(t);
    const stranger = await person(t);
    const project = await seedProject(t, owner, oneView);
    await addMember(t, project.id, editor.id, 'editor');
    const { link } = await makeLink(t, owner.cookie, { projectId: project.id });

    for (const [who, code] of [
      [editor, 'PROJECT_FORBIDDEN'],
      [stranger, 'PROJECT_NOT_FOUND'],
    ] as const) {
      expect((await links(who.cookie, project.id)).body.code).toBe(code);
      const create = await api(t, 'POST', '/project/review-link/create', {
        cookie: who.cookie,
        body: { projectId: project.id },
      });
      expect(create.body.code).toBe(code);
    }
    const revokeAs = (cookie: string) =>
      api(t, 'POST', '/project/review-link/revoke', { cookie, body: { id: link.id } });
    expect((await revokeAs(editor.cookie)).body).toMatchObject({
      code: 'PROJECT_FORBIDDEN',
      msg: 'Your role in this project (editor) does not allow this',
    });
    // A stranger cannot even learn that the link exists.
    const unknown = await revokeAs(stranger.cookie);
    expect(unknown.body.code).toBe('REVIEW_LINK_INVALID');
    expect(unknown.body).toEqual(
      (
        await api(t, 'POST', '/project/review-link/revoke', {
          cookie: stranger.cookie,
          body: { id: '00000000-0000-4000-8000-000000000000' },
        })
      ).body,
    );
    expect((await links(owner.cookie, project.id)).body.data.links[0].revoked).toBe(false);
    // Without a session: the app's usual "log in again".
    expect((await links('', project.id)).http).toBe(401);
  });

  it(`allows ${PROJECT_LIMITS.reviewLinksPerProject} live links a project; revoking one makes room`, async () => {
    const owner = await person(t);
    const project = await seedProject(t, owner, oneView);
    const made = [];
    for (let i = 0; i < PROJECT_LIMITS.reviewLinksPerProject; i += 1)
      made.push(await makeLink(t, owner.cookie, { projectId: project.id, label: `Link ${i}` }));
    const create = () =>
      api(t, 'POST', '/project/review-link/create', { cookie: owner.cookie, body: { projectId: project.id } });
    const refused = await create();
    expect(refused.body).toMatchObject({
      code: 'REVIEW_LINK_LIMIT',
      msg: `A project can have at most ${PROJECT_LIMITS.reviewLinksPerProject} review links; revoke one first`,
    });
    await api(t, 'POST', '/project/review-link/revoke', { cookie: owner.cookie, body: { id: made[0]!.link.id } });
    expect((await create()).http).toBe(200);
  });

  it('refuses a bad expiry, a short password and unknown fields, in the caller’s language', async () => {
    const owner = await person(t);
    const project = await seedProject(t, owner, oneView);
    const create = (body: object, locale: 'en' | 'zh' = 'en') =>
      api(t, 'POST', '/project/review-link/create', {
        cookie: owner.cookie,
        body: { projectId: project.id, ...body },
        locale,
      });
    expect((await create({ expiresInDays: 3 })).http).toBe(400);
    expect((await create({ password: 'abc' })).body.code).toBe('REVIEW_PASSWORD_SHORT');
    expect((await create({ password: 'x'.repeat(65) }, 'zh')).body.msg).toBe('评审链接的密码须为 4 到 64 个字符');
    expect((await create({ label: 'x'.repeat(PROJECT_LIMITS.nameMax + 1) })).http).toBe(400);
    expect((await create({ ownerId: owner.id })).http).toBe(400);
    expect((await links(owner.cookie, project.id)).body.data.links).toEqual([]);
  });
});
