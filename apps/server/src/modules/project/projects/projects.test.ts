import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_LIMITS, type ProjectDetail } from '@turing/contract';
import { projects, uploads } from '../../../db/schema/index.ts';
import {
  addMember,
  addVersion,
  listProjects,
  makeProject,
  projectGet,
  projectPost,
  uploadPicture,
} from '../../../../test-support/project-helpers.ts';
import { buildTestApp, seedUser, type TestApp } from '../../../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('making projects', () => {
  it('makes a project with its views in order, and answers its details', async () => {
    const { user, cookie } = await seedUser(t);
    const res = await projectPost<ProjectDetail>(t, cookie, '/create', {
      name: '  Harbour villa ',
      note: 'Client: Lin; site: north pier',
      views: ['Street elevation', 'Living room'],
    });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      name: 'Harbour villa',
      note: 'Client: Lin; site: north pier',
      access: 'owner',
      owner: { id: user.id, nickname: user.nickname, avatarUrl: null },
      coverUrl: null,
      viewCount: 2,
      versionCount: 0,
      memberCount: 0,
      unreadComments: 0,
      style: null,
      styleReferenceUrl: null,
      styleOn: true,
    });
    expect(res.data.views.map((v) => [v.name, v.sort, v.current, v.versionCount])).toEqual([
      ['Street elevation', 0, null, 0],
      ['Living room', 1, null, 0],
    ]);
    const again = await projectGet<ProjectDetail>(t, cookie, `/get?id=${res.data.id}`);
    expect(again.data).toEqual(res.data);
  });

  it('gives a project asked for without views one to work in, named in the caller’s language', async () => {
    const { cookie } = await seedUser(t);
    const en = await projectPost<ProjectDetail>(t, cookie, '/create', { name: 'Lake house' });
    expect(en.data.views.map((v) => [v.name, v.sort])).toEqual([['View 1', 0]]);
    const zh = await projectPost<ProjectDetail>(t, cookie, '/create', { name: '湖边小屋', views: [] }, 'zh');
    expect(zh.data).toMatchObject({ viewCount: 1, views: [{ name: '视图 1' }] });
  });

  it('refuses bad input with its localised message and makes nothing', async () => {
    const { user, cookie } = await seedUser(t);
    const cases: [object, string, string][] = [
      [{ name: '   ' }, 'PROJECT_NAME_REQUIRED', 'Please name the project'],
      [{ name: 'x'.repeat(PROJECT_LIMITS.nameMax + 1) }, 'TEXT_TOO_LONG', ''],
      [{ name: 'Ok', views: [''] }, 'VIEW_NAME_REQUIRED', 'Please name the view'],
      [{ name: 'Ok', views: Array(PROJECT_LIMITS.viewsPerProject + 1).fill('v') }, 'VIEW_LIMIT', ''],
      [{ name: 'Ok', note: 'x'.repeat(PROJECT_LIMITS.noteMax + 1) }, 'TEXT_TOO_LONG', ''],
      [{ name: 'Ok\u202e' }, 'TEXT_INVALID_CHAR', ''],
      [{ name: 'Ok', extra: 1 }, 'VALIDATION', ''],
    ];
    for (const [body, code, msg] of cases) {
      const res = await projectPost(t, cookie, '/create', body);
      expect([res.http, res.code]).toEqual([400, code]);
      if (msg) expect(res.msg).toBe(msg);
    }
    const zh = await projectPost(t, cookie, '/create', { name: '' }, 'zh');
    expect(zh.msg).toBe('请填写项目名称');
    expect(await t.database.db.select().from(projects).where(eq(projects.ownerId, user.id))).toEqual([]);
  });

  it(`holds an owner to ${PROJECT_LIMITS.projectsPerUser} projects`, async () => {
    const { user, cookie } = await seedUser(t);
    await t.database.db
      .insert(projects)
      .values(
        Array.from({ length: PROJECT_LIMITS.projectsPerUser - 1 }, (_, i) => ({ ownerId: user.id, name: `P${i}` })),
      );
    expect((await projectPost(t, cookie, '/create', { name: 'Last one' })).status).toBe(200);
    const over = await projectPost(t, cookie, '/create', { name: 'One too many' });
    expect([over.http, over.code, over.msg]).toEqual([
      400,
      'PROJECT_LIMIT',
      `You can have at most ${PROJECT_LIMITS.projectsPerUser} projects; delete one first`,
    ]);
  });

  it(`refuses more than ${PROJECT_LIMITS.createsPerHour} creates an hour from one user (429), not from another`, async () => {
    const { cookie } = await seedUser(t);
    const answers = [];
    for (let i = 0; i <= PROJECT_LIMITS.createsPerHour; i += 1)
      answers.push(await projectPost(t, cookie, '/create', { name: `Burst ${i}` }));
    expect(answers.slice(0, -1).every((a) => a.status === 200)).toBe(true);
    expect([answers.at(-1)!.http, answers.at(-1)!.code]).toEqual([429, 'RATE_LIMITED']);
    const other = await seedUser(t);
    expect((await makeProject(t, other.cookie, 'Unhindered')).name).toBe('Unhindered');
  });
});

describe('changing and deleting projects', () => {
  it('renames, notes and chooses a cover among its own images only', async () => {
    const owner = await seedUser(t);
    const project = await makeProject(t, owner.cookie);
    const view = project.views[0]!;
    const image = await uploadPicture(t, owner.cookie);
    const outside = await uploadPicture(t, owner.cookie);
    expect((await addVersion(t, owner.cookie, view.id, image)).status).toBe(200);

    const renamed = await projectPost<ProjectDetail>(t, owner.cookie, '/update', {
      id: project.id,
      name: 'Harbour villa II',
      note: 'Phase two',
      coverImageId: image,
    });
    expect(renamed.data).toMatchObject({ name: 'Harbour villa II', note: 'Phase two' });
    expect(renamed.data.coverUrl).toContain('.thumb.webp');
    expect(Date.parse(renamed.data.updatedAt)).toBeGreaterThan(Date.parse(project.updatedAt));
    // An image of the owner's that is not in the project is no cover, nor is someone else's.
    const stranger = await seedUser(t);
    const theirs = await uploadPicture(t, stranger.cookie);
    for (const coverImageId of [outside, theirs])
      expect(await projectPost(t, owner.cookie, '/update', { id: project.id, coverImageId })).toMatchObject({
        http: 404,
        code: 'IMAGE_NOT_FOUND',
      });
    // Taking the image out of the project takes it off the cover: the newest version stands in, or none.
    await projectPost(t, owner.cookie, '/version/remove', { viewId: view.id, imageId: image });
    const after = await projectGet<ProjectDetail>(t, owner.cookie, `/get?id=${project.id}`);
    expect(after.data.coverUrl).toBeNull();
    const cleared = await projectPost(t, owner.cookie, '/update', { id: project.id, coverImageId: null });
    expect(cleared.status).toBe(200);
  });

  it('lets the owner alone delete a project; its images stay', async () => {
    const owner = await seedUser(t);
    const editor = await seedUser(t);
    const project = await makeProject(t, owner.cookie);
    const image = await uploadPicture(t, owner.cookie);
    await addVersion(t, owner.cookie, project.views[0]!.id, image);
    await addMember(t, owner.cookie, project.id, editor.user.username, 'editor');

    const refused = await projectPost(t, editor.cookie, '/delete', { id: project.id });
    expect([refused.http, refused.code, refused.msg]).toEqual([
      403,
      'PROJECT_FORBIDDEN',
      'Your role in this project (editor) does not allow this',
    ]);
    expect((await projectPost(t, owner.cookie, '/delete', { id: project.id })).data).toEqual({ ok: true });
    for (const who of [owner, editor])
      expect(await projectGet(t, who.cookie, `/get?id=${project.id}`)).toMatchObject({
        http: 404,
        code: 'PROJECT_NOT_FOUND',
      });
    expect(await t.database.db.select().from(uploads).where(eq(uploads.id, image))).toHaveLength(1);
    expect((await projectPost(t, owner.cookie, '/delete', { id: project.id })).code).toBe('PROJECT_NOT_FOUND');
  });

  it('answers another user’s project as not found, whatever the call', async () => {
    const owner = await seedUser(t);
    const stranger = await seedUser(t);
    const project = await makeProject(t, owner.cookie);
    const calls = [
      () => projectGet(t, stranger.cookie, `/get?id=${project.id}`),
      () => projectPost(t, stranger.cookie, '/update', { id: project.id, name: 'Mine now' }),
      () => projectPost(t, stranger.cookie, '/delete', { id: project.id }),
      () => projectPost(t, stranger.cookie, '/leave', { id: project.id }),
      () => projectPost(t, stranger.cookie, '/style', { projectId: project.id, style: null, styleOn: false }),
      () => projectPost(t, stranger.cookie, '/view/create', { projectId: project.id, name: 'Mine' }),
      () => projectGet(t, stranger.cookie, `/member/list?projectId=${project.id}`),
      () => projectGet(t, stranger.cookie, '/get?id=not-a-uuid'),
    ];
    for (const call of calls) expect(await call()).toMatchObject({ http: 404, code: 'PROJECT_NOT_FOUND' });
    expect((await listProjects(t, stranger.cookie)).data.items).toEqual([]);
  });

  it('lets a member leave (and find nothing after), never the owner', async () => {
    const owner = await seedUser(t);
    const member = await seedUser(t);
    const project = await makeProject(t, owner.cookie);
    await addMember(t, owner.cookie, project.id, member.user.username, 'viewer');
    expect((await projectPost(t, owner.cookie, '/leave', { id: project.id })).code).toBe('MEMBER_IS_OWNER');
    expect((await projectPost(t, member.cookie, '/leave', { id: project.id })).data).toEqual({ ok: true });
    expect((await projectGet(t, member.cookie, `/get?id=${project.id}`)).code).toBe('PROJECT_NOT_FOUND');
    expect((await projectPost(t, member.cookie, '/leave', { id: project.id })).code).toBe('PROJECT_NOT_FOUND');
  });
});

describe('the project style', () => {
  it('is set by editors with a reference of the project or their own, and gets a seed when fixed', async () => {
    const owner = await seedUser(t);
    const viewer = await seedUser(t);
    const project = await makeProject(t, owner.cookie);
    await addMember(t, owner.cookie, project.id, viewer.user.username, 'viewer');
    const reference = await uploadPicture(t, owner.cookie, 'ref');
    const style = { referenceImageId: reference, words: 'warm timber', styleTags: ['japandi'], seedPolicy: 'fixed' };
    const set = await projectPost<ProjectDetail>(t, owner.cookie, '/style', {
      projectId: project.id,
      style,
      styleOn: true,
    });
    expect(set.data.style).toMatchObject({ ...style, materialTags: [], seed: expect.any(Number) });
    expect(set.data.styleOn).toBe(true);
    // The reference is no version of the project: its thumbnail comes with the style.
    expect(set.data.styleReferenceUrl).toContain('.thumb.webp');
    // The viewer reads it but may not change it.
    expect((await projectGet<ProjectDetail>(t, viewer.cookie, `/get?id=${project.id}`)).data.style).toEqual(
      set.data.style,
    );
    const refused = await projectPost(t, viewer.cookie, '/style', {
      projectId: project.id,
      style: null,
      styleOn: false,
    });
    expect([refused.http, refused.code]).toEqual([403, 'PROJECT_FORBIDDEN']);
    // Someone else's image is no reference; bad words and tags are refused.
    const theirs = await uploadPicture(t, viewer.cookie, 'ref');
    const bad: [object, string][] = [
      [{ referenceImageId: theirs }, 'IMAGE_NOT_FOUND'],
      [{ words: 'x'.repeat(PROJECT_LIMITS.styleWordsMax + 1) }, 'TEXT_TOO_LONG'],
      [{ styleTags: ['Not A Slug'] }, 'VALIDATION'],
      [{ seedPolicy: 'sometimes' }, 'VALIDATION'],
    ];
    for (const [patch, code] of bad) {
      const res = await projectPost(t, owner.cookie, '/style', { projectId: project.id, style: patch, styleOn: true });
      expect(res.code).toBe(code);
    }
    const off = await projectPost<ProjectDetail>(t, owner.cookie, '/style', {
      projectId: project.id,
      style: null,
      styleOn: false,
    });
    expect([off.data.style, off.data.styleOn]).toEqual([null, false]);
  });
});
