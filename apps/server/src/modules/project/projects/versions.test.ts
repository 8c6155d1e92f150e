import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_LIMITS, type ProjectDetail, type ProjectVersion, type ProjectView } from '@turing/contract';
import type { Db } from '../../../db/client.ts';
import { projectViews, uploads } from '../../../db/schema/index.ts';
import { balanceOf, submit } from '../../../../test-support/design-helpers.ts';
import {
  addMember,
  makeProject,
  projectGet,
  projectPost,
  uploadPicture,
} from '../../../../test-support/project-helpers.ts';
import { buildTestApp, seedUser, type TestApp } from '../../../../test-support/test-app.ts';
import { createVersionsRepository } from './versions.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const versions = async (cookie: string, viewId: string) =>
  (await projectGet<{ versions: ProjectVersion[] }>(t, cookie, `/version/list?viewId=${viewId}`)).data.versions;
const add = (cookie: string, viewId: string, imageId: string, kind: 'base' | 'result' = 'base') =>
  projectPost<ProjectVersion>(t, cookie, '/version/add', { viewId, imageId, kind });
const detail = async (cookie: string, id: string) => (await projectGet<ProjectDetail>(t, cookie, `/get?id=${id}`)).data;

describe('views', () => {
  it('are added, renamed, moved and deleted by editors, in their order', async () => {
    const owner = await seedUser(t);
    const project = await makeProject(t, owner.cookie, 'Villa', ['Street']);
    const made = await projectPost<ProjectView>(t, owner.cookie, '/view/create', {
      projectId: project.id,
      name: 'Garden',
    });
    expect(made.data).toMatchObject({ name: 'Garden', sort: 1, current: null, versionCount: 0, starredCount: 0 });
    const moved = await projectPost<ProjectView>(t, owner.cookie, '/view/update', {
      id: made.data.id,
      sort: 0,
      name: 'Back garden',
    });
    expect(moved.data).toMatchObject({ name: 'Back garden', sort: 0 });
    await projectPost(t, owner.cookie, '/view/update', { id: project.views[0]!.id, sort: 5 });
    expect((await detail(owner.cookie, project.id)).views.map((v) => v.name)).toEqual(['Back garden', 'Street']);

    expect((await projectPost(t, owner.cookie, '/view/delete', { id: made.data.id })).data).toEqual({ ok: true });
    expect((await detail(owner.cookie, project.id)).views.map((v) => v.name)).toEqual(['Street']);
    for (const [url, body] of [
      ['/view/update', { id: made.data.id, name: 'Gone' }],
      ['/view/delete', { id: made.data.id }],
    ] as const)
      expect(await projectPost(t, owner.cookie, url, body)).toMatchObject({ http: 404, code: 'VIEW_NOT_FOUND' });
    const bad = await projectPost(t, owner.cookie, '/view/create', { projectId: project.id, name: ' ' }, 'zh');
    expect([bad.code, bad.msg]).toEqual(['VIEW_NAME_REQUIRED', '请填写视图名称']);
  });

  it(`hold a project to ${PROJECT_LIMITS.viewsPerProject} views`, async () => {
    const owner = await seedUser(t);
    const names = Array.from({ length: PROJECT_LIMITS.viewsPerProject }, (_, i) => `View ${i}`);
    const project = await makeProject(t, owner.cookie, 'Full', names);
    const over = await projectPost(t, owner.cookie, '/view/create', { projectId: project.id, name: 'One more' });
    expect([over.http, over.code, over.msg]).toEqual([
      400,
      'VIEW_LIMIT',
      `A project can have at most ${PROJECT_LIMITS.viewsPerProject} views`,
    ]);
  });

  it('answer a view of a project the caller may not open as not found, and refuse viewers and commenters', async () => {
    const owner = await seedUser(t);
    const stranger = await seedUser(t);
    const viewer = await seedUser(t);
    const commenter = await seedUser(t);
    const project = await makeProject(t, owner.cookie);
    const viewId = project.views[0]!.id;
    await addMember(t, owner.cookie, project.id, viewer.user.username, 'viewer');
    await addMember(t, owner.cookie, project.id, commenter.user.username, 'commenter');
    const image = await uploadPicture(t, owner.cookie);
    await add(owner.cookie, viewId, image);

    const writes = [
      ['/view/update', { id: viewId, name: 'Mine' }],
      ['/view/delete', { id: viewId }],
      ['/version/add', { viewId, imageId: image, kind: 'base' }],
      ['/version/current', { viewId, imageId: image }],
      ['/version/star', { viewId, imageId: image, starred: true }],
      ['/version/remove', { viewId, imageId: image }],
    ] as const;
    for (const [url, body] of writes) {
      expect(await projectPost(t, stranger.cookie, url, body)).toMatchObject({ http: 404, code: 'VIEW_NOT_FOUND' });
      for (const member of [viewer, commenter])
        expect(await projectPost(t, member.cookie, url, body)).toMatchObject({ http: 403, code: 'PROJECT_FORBIDDEN' });
    }
    expect(await projectPost(t, viewer.cookie, '/view/create', { projectId: project.id, name: 'x' })).toMatchObject({
      http: 403,
      code: 'PROJECT_FORBIDDEN',
    });
    expect(await projectGet(t, stranger.cookie, `/version/list?viewId=${viewId}`)).toMatchObject({
      http: 404,
      code: 'VIEW_NOT_FOUND',
    });
    // Reading is every member's.
    for (const member of [viewer, commenter]) expect(await versions(member.cookie, viewId)).toHaveLength(1);
  });
});

describe('versions', () => {
  it('are the caller’s images added to a view, listed oldest first with their titles, current and stars', async () => {
    const owner = await seedUser(t);
    const editor = await seedUser(t);
    const project = await makeProject(t, owner.cookie, 'Harbour Villa', ['Living room']);
    const viewId = project.views[0]!.id;
    await addMember(t, owner.cookie, project.id, editor.user.username, 'editor');
    const sketch = await uploadPicture(t, owner.cookie);
    const photo = await uploadPicture(t, editor.cookie);

    const first = await add(owner.cookie, viewId, sketch);
    expect(first.data).toMatchObject({
      viewId,
      imageId: sketch,
      kind: 'base',
      taskId: null,
      parentImageId: null,
      mode: null,
      params: null,
      seed: null,
      title: 'harbour-villa-living-room-v1',
      starred: false,
      isCurrent: true,
      addedBy: { id: owner.user.id, nickname: owner.user.nickname },
      width: 64,
      height: 48,
    });
    expect(first.data.thumbs?.length).toBeGreaterThan(0);
    // Adding it again changes nothing.
    expect((await add(owner.cookie, viewId, sketch)).data.id).toBe(first.data.id);
    // The editor adds their own photo; the newest base is current until one is chosen.
    expect((await add(editor.cookie, viewId, photo)).data).toMatchObject({
      title: 'harbour-villa-living-room-v2',
      isCurrent: true,
    });
    let list = await versions(owner.cookie, viewId);
    expect(list.map((v) => [v.imageId, v.title, v.isCurrent, v.addedBy?.id])).toEqual([
      [sketch, 'harbour-villa-living-room-v1', false, owner.user.id],
      [photo, 'harbour-villa-living-room-v2', true, editor.user.id],
    ]);

    const chosen = await projectPost<ProjectView>(t, editor.cookie, '/version/current', { viewId, imageId: sketch });
    expect(chosen.data).toMatchObject({ versionCount: 2, current: { imageId: sketch, isCurrent: true } });
    const starred = await projectPost<ProjectVersion>(t, owner.cookie, '/version/star', {
      viewId,
      imageId: photo,
      starred: true,
    });
    expect(starred.data).toMatchObject({ starred: true, isCurrent: false });
    const view = (await detail(owner.cookie, project.id)).views[0]!;
    expect([view.current?.imageId, view.versionCount, view.starredCount]).toEqual([sketch, 2, 1]);

    // Removing the current one: the newest of the others stands in.
    expect((await projectPost(t, owner.cookie, '/version/remove', { viewId, imageId: sketch })).data).toEqual({
      ok: true,
    });
    list = await versions(owner.cookie, viewId);
    expect(list.map((v) => [v.imageId, v.title, v.isCurrent])).toEqual([[photo, 'harbour-villa-living-room-v1', true]]);
    for (const [url, body] of [
      ['/version/current', { viewId, imageId: sketch }],
      ['/version/star', { viewId, imageId: sketch, starred: true }],
      ['/version/remove', { viewId, imageId: sketch }],
    ] as const)
      expect(await projectPost(t, owner.cookie, url, body)).toMatchObject({ http: 404, code: 'VERSION_NOT_FOUND' });
  });

  it('take only the caller’s own images: someone else’s, an avatar or nonsense is not found', async () => {
    const owner = await seedUser(t);
    const editor = await seedUser(t);
    const stranger = await seedUser(t);
    const project = await makeProject(t, owner.cookie);
    const viewId = project.views[0]!.id;
    await addMember(t, owner.cookie, project.id, editor.user.username, 'editor');
    const ownersImage = await uploadPicture(t, owner.cookie);
    await add(owner.cookie, viewId, ownersImage);
    const strangers = await uploadPicture(t, stranger.cookie);
    const avatar = await uploadPicture(t, editor.cookie, 'avatar');
    // Another member's image already in the view is not the editor's to add elsewhere either.
    const other = await projectPost<ProjectView>(t, owner.cookie, '/view/create', {
      projectId: project.id,
      name: 'Other',
    });
    for (const imageId of [strangers, avatar, ownersImage]) {
      const res = await add(editor.cookie, other.data.id, imageId);
      expect([res.http, res.code]).toEqual([404, 'IMAGE_NOT_FOUND']);
    }
    expect((await add(editor.cookie, viewId, 'nonsense')).code).toBe('IMAGE_NOT_FOUND');
    expect(
      (await projectPost(t, editor.cookie, '/version/add', { viewId, imageId: ownersImage, kind: 'draft' })).code,
    ).toBe('VALIDATION');
  });

  it(`hold a view to ${PROJECT_LIMITS.versionsPerView} images`, async () => {
    const owner = await seedUser(t);
    const project = await makeProject(t, owner.cookie);
    const viewId = project.views[0]!.id;
    // Filled straight in the database (and days ago, outside the daily upload quota): a thousand
    // uploads through the API would be the test.
    const max = PROJECT_LIMITS.versionsPerView;
    await t.database.db.execute(sql`
      with made as (
        insert into uploads (user_id, kind, key, mime, width, height, bytes, created_at)
        select ${owner.user.id}::uuid, 'base', 'base/filler-' || g || '.png', 'image/png', 8, 8, 10,
          now() - interval '2 days'
        from generate_series(1, ${max - 1}) g
        returning id)
      insert into project_versions (project_id, view_id, image_id, kind, added_by)
      select ${project.id}::uuid, ${viewId}::uuid, id, 'base', ${owner.user.id}::uuid from made`);
    const last = await uploadPicture(t, owner.cookie);
    expect((await add(owner.cookie, viewId, last)).data.title).toBe(`harbour-villa-street-v${max}`);
    const over = await add(owner.cookie, viewId, await uploadPicture(t, owner.cookie));
    expect([over.http, over.code, over.msg]).toEqual([400, 'VERSION_LIMIT', `A view can hold at most ${max} images`]);
    // Deleting the view takes its versions with it, and leaves the images.
    await projectPost(t, owner.cookie, '/view/delete', { id: viewId });
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(projectViews)
      .where(sql`${projectViews.projectId} = ${project.id}`);
    expect(row!.n).toBe(0);
    const left = await t.database.query<{ n: number }>(`select count(*)::int as n from uploads where user_id = $1`, [
      owner.user.id,
    ]);
    expect(left[0]!.n).toBe(max + 1);
  });
});

describe('a view’s room for the results of its tasks', () => {
  /** Fills a view straight in the database (a thousand uploads through the API would be the test). */
  async function fill(ownerId: string, projectId: string, viewId: string, n: number) {
    await t.database.db.execute(sql`
      with made as (
        insert into uploads (user_id, kind, key, mime, width, height, bytes, created_at)
        select ${ownerId}::uuid, 'base', 'base/room-' || gen_random_uuid() || '.png', 'image/png', 8, 8, 10,
          now() - interval '2 days'
        from generate_series(1, ${n}) g
        returning id)
      insert into project_versions (project_id, view_id, image_id, kind, added_by)
      select ${projectId}::uuid, ${viewId}::uuid, id, 'base', ${ownerId}::uuid from made`);
  }
  const textTask = (cookie: string, projectId: string, viewId: string, count: number) =>
    submit(t, cookie, { mode: 'text', prompt: 'a pavilion', count, projectId, viewId });

  it('counts the images its unfinished tasks will add, and refuses a task before charging it', async () => {
    // No workers run in this app: a submitted task stays queued.
    const owner = await seedUser(t);
    const project = await makeProject(t, owner.cookie);
    const viewId = project.views[0]!.id;
    const max = PROJECT_LIMITS.versionsPerView;
    await fill(owner.user.id, project.id, viewId, max - 3);

    expect((await textTask(owner.cookie, project.id, viewId, 2)).json().status).toBe(200);
    const before = await balanceOf(t, owner.cookie);
    const over = (await textTask(owner.cookie, project.id, viewId, 2)).json();
    expect([over.code, over.msg]).toEqual(['VERSION_LIMIT', `A view can hold at most ${max} images`]);
    expect(await balanceOf(t, owner.cookie)).toEqual(before);
    expect((await textTask(owner.cookie, project.id, viewId, 1)).json().status).toBe(200);
    expect((await textTask(owner.cookie, project.id, viewId, 1)).json().code).toBe('VERSION_LIMIT');
    // Another view of the project has its own room.
    const other = await projectPost<ProjectView>(t, owner.cookie, '/view/create', { projectId: project.id, name: 'B' });
    expect((await textTask(owner.cookie, project.id, other.data.id, 2)).json().status).toBe(200);
  });
});

describe('an image a task reads from a project', () => {
  it('is found from the image on its indexes, never by going through every project', async () => {
    const owner = await seedUser(t);
    const project = await makeProject(t, owner.cookie);
    const image = await uploadPicture(t, owner.cookie);
    await add(owner.cookie, project.views[0]!.id, image);
    // The condition the repository reads the image with, planned as PostgreSQL would on a large table.
    let where: SQL | undefined;
    const chain = {
      from: () => chain,
      where: (condition: SQL) => ((where = condition), chain),
      limit: async () => [],
    };
    await createVersionsRepository({ select: () => chain } as unknown as Db).editableImage(image, owner.user.id);
    const query = t.database.db
      .select({ one: sql`1` })
      .from(uploads)
      .where(where);
    const plan = await t.database.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] };
      return rows.rows.map((row) => Object.values(row)[0]).join('\n');
    });
    for (const index of ['project_versions_image_idx', 'projects_cover_idx', 'projects_style_reference_idx'])
      expect(plan).toContain(index);
    // Every table is read by a key (a scan with no condition would read all its rows).
    const lines = plan.split('\n');
    expect(lines.filter((line, k) => /Scan .* on \w+/.test(line) && !/Cond:/.test(lines[k + 1] ?? ''))).toEqual([]);
    // And it finds the image for the owner, not for a stranger.
    const repo = createVersionsRepository(t.database.db);
    expect((await repo.editableImage(image, owner.user.id))?.id).toBe(image);
    expect(await repo.editableImage(image, (await seedUser(t)).user.id)).toBeNull();
  });
});
