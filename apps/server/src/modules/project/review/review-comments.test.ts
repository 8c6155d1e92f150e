import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_LIMITS } from '@turing/contract';
import { projectComments, projectReads } from '../../../db/schema/index.ts';
import { buildTestApp, readOutbox, type TestApp } from '../../../../test-support/test-app.ts';
import { api, guest, makeLink, person, seedProject } from '../../../../test-support/review-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://studio.example.com' });
});
afterAll(() => t.close());

const HTML = '<img src=x onerror="alert(1)"><b>bold</b> & <script>steal()</script>';

async function scene() {
  const owner = await person(t);
  const project = await seedProject(t, owner, {
    views: [
      { name: 'Street elevation', kinds: ['result', 'result'] },
      { name: 'Reading room', kinds: ['result'] },
    ],
  });
  const other = await seedProject(t, owner, { name: 'Other', views: [{ name: 'Tower', kinds: ['result'] }] });
  const { token, link } = await makeLink(t, owner.cookie, { projectId: project.id });
  const current = project.views[0]!.images[1]!.id;
  const pin = (fields: object = {}) => ({
    token,
    imageId: current,
    x: 0.25,
    y: 0.75,
    body: 'More light',
    name: 'Ms Wong',
    ...fields,
  });
  return { owner, project, other, token, link, current, pin };
}

const mailsTo = (to: string) => readOutbox(t).filter((m) => m.to === to && m.purpose === 'review-comments');

describe('a guest’s pinned comment', () => {
  it('is pinned on one of the link’s current images, shown with the guest’s name, and kept as plain text', async () => {
    const { token, current, pin } = await scene();
    const res = await guest(t, 'comment', pin({ body: HTML, name: '<i>Ann</i>' }));
    expect(res.http).toBe(200);
    expect(res.body.data).toMatchObject({
      imageId: current,
      x: 0.25,
      y: 0.75,
      body: HTML,
      resolved: false,
      canDelete: false,
      author: { name: '<i>Ann</i>', userId: null, avatarUrl: null, guest: true },
    });
    // Returned as it was written, character for character: the page shows it as text, never as HTML.
    const opened = await guest(t, 'open', { token });
    expect(opened.body.data.comments.map((c: { body: string }) => c.body)).toEqual([HTML]);
    expect(opened.res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('is refused on any other image: an older version, another project’s, or none', async () => {
    const { project, other, pin } = await scene();
    for (const imageId of [
      project.views[0]!.images[0]!.id,
      other.views[0]!.images[0]!.id,
      '00000000-0000-4000-8000-000000000000',
    ]) {
      expect((await guest(t, 'comment', pin({ imageId }))).body).toMatchObject({
        status: 404,
        code: 'IMAGE_NOT_FOUND',
      });
    }
    const bad = await guest(t, 'comment', pin({ imageId: 'not-an-id' }));
    expect(bad.body.code).toBe('IMAGE_NOT_FOUND');
    const held = await t.database.db.select().from(projectComments).where(eq(projectComments.projectId, project.id));
    expect(held).toEqual([]);
  });

  it('keeps to its length caps and needs a body, a name and a point on the image', async () => {
    const { pin } = await scene();
    const refused = async (fields: object) => (await guest(t, 'comment', pin(fields))).body;
    expect(await refused({ body: 'x'.repeat(PROJECT_LIMITS.commentMax + 1) })).toMatchObject({ code: 'TEXT_TOO_LONG' });
    expect(await refused({ body: '   ' })).toMatchObject({ code: 'COMMENT_REQUIRED', msg: 'Please write a comment' });
    expect(await refused({ name: '' })).toMatchObject({ code: 'GUEST_NAME_REQUIRED' });
    expect(await refused({ name: 'x'.repeat(PROJECT_LIMITS.guestNameMax + 1) })).toMatchObject({
      code: 'TEXT_TOO_LONG',
    });
    for (const point of [{ x: 1.01 }, { y: -0.1 }, { x: 'NaN' }, { y: null }])
      expect(await refused(point)).toMatchObject({ status: 400 });
    expect(await refused({ authorId: '00000000-0000-4000-8000-000000000000' })).toMatchObject({ status: 400 });
    expect((await guest(t, 'comment', pin({ body: 'x'.repeat(PROJECT_LIMITS.commentMax) }))).http).toBe(200);
  });

  it('is rate-limited per address', async () => {
    const { pin } = await scene();
    const ip = '198.51.100.20';
    for (let i = 0; i < 20; i += 1)
      expect((await guest(t, 'comment', pin({ body: `Note ${i}` }), { ip })).http).toBe(200);
    const limited = await guest(t, 'comment', pin(), { ip });
    expect(limited.body).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect((await guest(t, 'comment', pin(), { ip: '198.51.100.21' })).http).toBe(200);
  });

  it(`stops at ${PROJECT_LIMITS.commentsPerProject} comments a project`, async () => {
    const { owner, project, current, pin } = await scene();
    const rows = Array.from({ length: PROJECT_LIMITS.commentsPerProject - 1 }, (_, i) => ({
      projectId: project.id,
      imageId: current,
      authorId: owner.id,
      authorName: 'Owner',
      body: `n${i}`,
      x: 0.5,
      y: 0.5,
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await t.database.db.insert(projectComments).values(rows.slice(i, i + 1000));
    expect((await guest(t, 'comment', pin())).http).toBe(200);
    expect((await guest(t, 'comment', pin())).body).toMatchObject({
      code: 'COMMENT_LIMIT',
      msg: `This project has reached its ${PROJECT_LIMITS.commentsPerProject} comments`,
    });
  });

  it('tells the owner in the app and by one e-mail per quarter of an hour, linking the project from the public URL', async () => {
    const { owner, project, pin } = await scene();
    expect(mailsTo(owner.email)).toEqual([]);
    // A request naming another host changes nothing in the mail.
    const headers = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
    await api(t, 'POST', '/review/comment', { body: pin({ body: 'First' }), headers });
    const [mail] = mailsTo(owner.email);
    expect(mail).toMatchObject({ purpose: 'review-comments' });
    expect(mail!.text).toContain('1 new comment');
    expect(mail!.text).toContain(`https://studio.example.com/#/project/${project.id}`);
    expect(mail!.text).not.toContain('evil.example');

    await guest(t, 'comment', pin({ body: 'Second' }));
    await guest(t, 'comment', pin({ body: 'Third' }));
    expect(mailsTo(owner.email)).toHaveLength(1);

    // In the app: three unread, until the owner opens the comments.
    const seen = () =>
      t.database.db
        .select()
        .from(projectReads)
        .where(and(eq(projectReads.projectId, project.id), eq(projectReads.userId, owner.id)));
    expect(await seen()).toEqual([]);
    const unread = () => t.app.services!.review.unreadComments(project.id, owner.id);
    expect(await unread()).toBe(3);
    const listed = await api(t, 'GET', `/project/comment/list?projectId=${project.id}`, { cookie: owner.cookie });
    expect(listed.body.data.comments.map((c: { body: string }) => c.body)).toEqual(['First', 'Second', 'Third']);
    expect(await seen()).toHaveLength(1);
    expect(await unread()).toBe(0);
  });
});
