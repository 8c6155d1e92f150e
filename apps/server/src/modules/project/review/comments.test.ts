import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_LIMITS } from '@turing/contract';
import { projectMembers } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../../test-support/test-app.ts';
import { addMember, api, guest, makeLink, person, seedProject } from '../../../../test-support/review-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function team() {
  const owner = await person(t);
  const [viewer, commenter, other, editor, stranger] = await Promise.all([
    person(t),
    person(t),
    person(t),
    person(t),
    person(t),
  ]);
  const project = await seedProject(t, owner, {
    views: [
      { name: 'Street elevation', kinds: ['base', 'result'] },
      { name: 'Reading room', kinds: ['result'] },
    ],
  });
  await addMember(t, project.id, viewer!.id, 'viewer');
  await addMember(t, project.id, commenter!.id, 'commenter');
  await addMember(t, project.id, other!.id, 'commenter');
  await addMember(t, project.id, editor!.id, 'editor');
  const [street, reading] = project.views;
  return {
    owner,
    viewer: viewer!,
    commenter: commenter!,
    other: other!,
    editor: editor!,
    stranger: stranger!,
    project,
    street: street!,
    reading: reading!,
  };
}

const list = (cookie: string, projectId: string, imageId?: string) =>
  api(t, 'GET', `/project/comment/list?projectId=${projectId}${imageId ? `&imageId=${imageId}` : ''}`, { cookie });
const create = (cookie: string, body: object) => api(t, 'POST', '/project/comment/create', { cookie, body });
const resolve = (cookie: string, id: string, resolved = true) =>
  api(t, 'POST', '/project/comment/resolve', { cookie, body: { id, resolved } });
const remove = (cookie: string, id: string) => api(t, 'POST', '/project/comment/delete', { cookie, body: { id } });

describe('members’ pinned comments', () => {
  it('are written by commenters and up, on any image of the project, and read by every member', async () => {
    const { owner, viewer, commenter, project, street } = await team();
    const base = street.images[0]!.id;
    const note = { projectId: project.id, imageId: base, x: 0.1, y: 0.9, body: 'Check the cornice height' };
    expect((await create(viewer.cookie, note)).body).toMatchObject({
      code: 'PROJECT_FORBIDDEN',
      msg: 'Your role in this project (viewer) does not allow this',
    });
    const made = await create(commenter.cookie, note);
    expect(made.body.data).toMatchObject({
      imageId: base,
      viewId: street.id,
      x: 0.1,
      y: 0.9,
      body: 'Check the cornice height',
      resolved: false,
      canDelete: true,
      author: { name: commenter.nickname, userId: commenter.id, guest: false },
    });
    const seenByViewer = (await list(viewer.cookie, project.id)).body.data.comments;
    expect(seenByViewer).toEqual([{ ...made.body.data, canDelete: false }]);
    const seenByOwner = (await list(owner.cookie, project.id)).body.data.comments;
    expect(seenByOwner[0].canDelete).toBe(true);
    // Nobody's e-mail in the answer.
    expect(JSON.stringify(seenByOwner)).not.toContain(commenter.email);
  });

  it('are listed per image when asked, oldest first', async () => {
    const { owner, commenter, project, street, reading } = await team();
    const on = (imageId: string, body: string) =>
      create(commenter.cookie, { projectId: project.id, imageId, x: 0.5, y: 0.5, body });
    await on(street.images[1]!.id, 'one');
    await on(reading.images[0]!.id, 'two');
    await on(street.images[1]!.id, 'three');
    const bodies = async (imageId?: string) =>
      (await list(owner.cookie, project.id, imageId)).body.data.comments.map((c: { body: string }) => c.body);
    expect(await bodies()).toEqual(['one', 'two', 'three']);
    expect(await bodies(street.images[1]!.id)).toEqual(['one', 'three']);
    expect(await bodies(street.images[0]!.id)).toEqual([]);
  });

  it('are refused on an image that is not the project’s, and keep to their caps as plain text', async () => {
    const { owner, commenter, project, street } = await team();
    const elsewhere = await seedProject(t, owner, { views: [{ name: 'Tower', kinds: ['result'] }] });
    const note = (fields: object) => ({
      projectId: project.id,
      imageId: street.images[1]!.id,
      x: 0.5,
      y: 0.5,
      body: 'ok',
      ...fields,
    });
    expect((await create(commenter.cookie, note({ imageId: elsewhere.views[0]!.images[0]!.id }))).body.code).toBe(
      'IMAGE_NOT_FOUND',
    );
    expect((await create(commenter.cookie, note({ body: 'x'.repeat(PROJECT_LIMITS.commentMax + 1) }))).body.code).toBe(
      'TEXT_TOO_LONG',
    );
    expect((await create(commenter.cookie, note({ body: '' }))).body.code).toBe('COMMENT_REQUIRED');
    expect((await create(commenter.cookie, note({ x: 2 }))).http).toBe(400);
    const html = '<a href="javascript:alert(1)">click</a>';
    expect((await create(commenter.cookie, note({ body: html }))).body.data.body).toBe(html);
    expect((await list(owner.cookie, project.id)).body.data.comments.map((c: { body: string }) => c.body)).toEqual([
      html,
    ]);
  });

  it('are resolved by editors and the owner only, and opened again', async () => {
    const { owner, commenter, editor, project, street } = await team();
    const made = (
      await create(commenter.cookie, {
        projectId: project.id,
        imageId: street.images[1]!.id,
        x: 0.5,
        y: 0.5,
        body: 'Darker',
      })
    ).body.data;
    expect((await resolve(commenter.cookie, made.id)).body.code).toBe('PROJECT_FORBIDDEN');
    expect((await resolve(editor.cookie, made.id)).body.data.resolved).toBe(true);
    expect((await resolve(owner.cookie, made.id, false)).body.data.resolved).toBe(false);
  });

  it('are deleted by their author or the owner; a guest’s by the owner', async () => {
    const { owner, commenter, other, editor, project, street } = await team();
    const imageId = street.images[1]!.id;
    const mine = (await create(commenter.cookie, { projectId: project.id, imageId, x: 0.5, y: 0.5, body: 'Mine' })).body
      .data;
    const { token } = await makeLink(t, owner.cookie, { projectId: project.id });
    const theirs = (await guest(t, 'comment', { token, imageId, x: 0.2, y: 0.2, body: 'Guest', name: 'Ann' })).body
      .data;

    for (const who of [other, editor]) expect((await remove(who.cookie, mine.id)).body.code).toBe('PROJECT_FORBIDDEN');
    expect((await remove(editor.cookie, theirs.id)).body.code).toBe('PROJECT_FORBIDDEN');
    const seenByOwner = (await list(owner.cookie, project.id)).body.data.comments;
    expect(seenByOwner.map((c: { canDelete: boolean }) => c.canDelete)).toEqual([true, true]);
    expect((await remove(commenter.cookie, mine.id)).body.data).toEqual({ ok: true });
    expect((await remove(owner.cookie, theirs.id)).body.data).toEqual({ ok: true });
    expect((await list(owner.cookie, project.id)).body.data.comments).toEqual([]);
    expect((await remove(owner.cookie, theirs.id)).body.code).toBe('COMMENT_NOT_FOUND');
  });

  it('are closed to strangers and to a removed member at once, who learn nothing of them', async () => {
    const { owner, commenter, stranger, project, street } = await team();
    const made = (
      await create(commenter.cookie, {
        projectId: project.id,
        imageId: street.images[1]!.id,
        x: 0.5,
        y: 0.5,
        body: 'Hi',
      })
    ).body.data;
    expect((await list(stranger.cookie, project.id)).body.code).toBe('PROJECT_NOT_FOUND');
    expect(
      (await create(stranger.cookie, { projectId: project.id, imageId: street.images[1]!.id, x: 0, y: 0, body: 'x' }))
        .body.code,
    ).toBe('PROJECT_NOT_FOUND');
    for (const call of [resolve(stranger.cookie, made.id), remove(stranger.cookie, made.id)])
      expect((await call).body.code).toBe('COMMENT_NOT_FOUND');

    await t.database.db
      .delete(projectMembers)
      .where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.userId, commenter.id)));
    expect((await list(commenter.cookie, project.id)).body.code).toBe('PROJECT_NOT_FOUND');
    expect((await remove(commenter.cookie, made.id)).body.code).toBe('COMMENT_NOT_FOUND');
    expect((await list(owner.cookie, project.id)).body.data.comments).toHaveLength(1);
    expect((await list('', project.id)).http).toBe(401);
  });
});
