import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDetail, ProjectVersion, Task } from '@turing/contract';
import { projects, uploads } from '../../../db/schema/index.ts';
import {
  balanceOf,
  buildGenerationApp,
  finished,
  getTask,
  photo,
  submit,
  until,
  uploadImage,
} from '../../../../test-support/design-helpers.ts';
import {
  addMember,
  makeProject,
  projectGet,
  projectPost,
  uploadPicture,
} from '../../../../test-support/project-helpers.ts';
import { seedUser } from '../../../../test-support/test-app.ts';
import { allImages, call, createFolder, generate } from '../../../../test-support/workspace-helpers.ts';

// Tasks made in a project's view, run by the preview engine: who may, with which images and style,
// and their results joining the view as versions.
let t: Awaited<ReturnType<typeof buildGenerationApp>>;
beforeAll(async () => {
  t = await buildGenerationApp();
});
afterAll(() => t.close());

const versions = async (cookie: string, viewId: string) =>
  (await projectGet<{ versions: ProjectVersion[] }>(t, cookie, `/version/list?viewId=${viewId}`)).data.versions;
/** Submits and waits for the task's end; throws unless it was accepted. */
async function run(cookie: string, body: object): Promise<Task> {
  const res = await submit(t, cookie, body);
  if (res.json().status !== 200) throw new Error(`submit failed: ${res.body}`);
  return until(() => getTask(t, cookie, res.json().data.id), finished);
}
const refusal = async (cookie: string, body: object) => {
  const res = await submit(t, cookie, body);
  return [res.statusCode, res.json().code];
};

/** An owner with a project of two views, and an editor, a commenter and a viewer in it. */
async function team() {
  const owner = await seedUser(t);
  const editor = await seedUser(t);
  const commenter = await seedUser(t);
  const viewer = await seedUser(t);
  const project = await makeProject(t, owner.cookie, 'Harbour Villa', ['Street', 'Garden']);
  for (const [who, role] of [
    [editor, 'editor'],
    [commenter, 'commenter'],
    [viewer, 'viewer'],
  ] as const)
    await addMember(t, owner.cookie, project.id, who.user.username, role);
  const [street, garden] = project.views.map((v) => v.id) as [string, string];
  const sketch = (await uploadImage(t, owner.cookie, await photo(), 'base')).id;
  await projectPost(t, owner.cookie, '/version/add', { viewId: street, imageId: sketch, kind: 'base' });
  return { owner, editor, commenter, viewer, project, street, garden, sketch };
}

describe('tasks made in a view', () => {
  it('complete with their results as the view’s versions, each with its parent, task and title', async () => {
    const { owner, editor, project, street, sketch } = await team();
    // The editor starts from the owner's sketch: an image of the project, not their own.
    const varied = await run(editor.cookie, {
      mode: 'iterate',
      prompt: 'a courtyard house',
      baseImageId: sketch,
      count: 2,
      projectId: project.id,
      viewId: street,
      projectStyle: false,
    });
    expect(varied.state).toBe('complete');
    let list = await versions(owner.cookie, street);
    expect(list.map((v) => [v.title, v.kind, v.parentImageId, v.taskId, v.addedBy?.id])).toEqual([
      ['harbour-villa-street-v1', 'base', null, null, owner.user.id],
      ['harbour-villa-street-v2-varied', 'result', sketch, varied.id, editor.user.id],
      ['harbour-villa-street-v3-varied', 'result', sketch, varied.id, editor.user.id],
    ]);
    expect(list.map((v) => v.imageId).slice(1)).toEqual(varied.results.map((r) => r.id));
    expect(list[1]).toMatchObject({
      mode: 'iterate',
      model: 'architecture',
      prompt: 'a courtyard house',
      params: { mode: 'iterate', baseImageId: sketch, projectId: project.id, viewId: street },
      seed: varied.results[0]!.seed,
      isCurrent: false,
    });
    expect(list[2]!.isCurrent).toBe(true);

    // The owner upscales the editor's result: its version names the source and the factor.
    const source = varied.results[0]!.id;
    const upscaled = await run(owner.cookie, {
      mode: 'upscale',
      baseImageId: source,
      upscale: 2,
      projectId: project.id,
      viewId: street,
    });
    expect(upscaled.state).toBe('complete');
    const text = await run(owner.cookie, {
      mode: 'text',
      prompt: 'a harbour at dusk',
      projectId: project.id,
      viewId: street,
    });
    list = await versions(owner.cookie, street);
    expect(list.slice(3).map((v) => [v.title, v.parentImageId, v.seed === null])).toEqual([
      ['harbour-villa-street-v4-upscaled-x2', source, true],
      ['harbour-villa-street-v5', null, false],
    ]);
    expect(list.at(-1)!.imageId).toBe(text.results[0]!.id);
    const found = (await projectGet<ProjectDetail>(t, owner.cookie, `/get?id=${project.id}`)).data;
    expect(found.views[0]).toMatchObject({ versionCount: 5, current: { imageId: text.results[0]!.id } });
    expect(Date.parse(found.updatedAt)).toBeGreaterThan(Date.parse(project.updatedAt));

    // The list finds it by a version's prompt, and by what its versions were made with.
    const names = async (query: string) =>
      (await projectGet<{ items: { id: string }[] }>(t, editor.cookie, `/list?${query}`)).data.items.map((p) => p.id);
    for (const query of ['q=COURTYARD', 'q=harbour%20at', 'mode=upscale', 'model=architecture&type=architectural'])
      expect([query, await names(query)]).toEqual([query, [project.id]]);
    for (const query of ['q=skyscraper', 'mode=edit', 'type=interior', 'model=wan'])
      expect([query, await names(query)]).toEqual([query, []]);
  });

  it('are refused, before anything is charged, to viewers, commenters, strangers and wrong views', async () => {
    const { owner, editor, commenter, viewer, project, street, sketch } = await team();
    const elsewhere = await makeProject(t, editor.cookie, 'Elsewhere', ['Somewhere']);
    const stranger = await seedUser(t);
    const strangers = (await uploadImage(t, stranger.cookie, await photo(200, 150), 'base')).id;
    const ownersOwn = await uploadPicture(t, owner.cookie);
    const task = { mode: 'iterate', prompt: 'x', baseImageId: sketch, projectId: project.id, viewId: street };
    const before = await balanceOf(t, editor.cookie);

    expect(await refusal(viewer.cookie, task)).toEqual([403, 'PROJECT_FORBIDDEN']);
    expect(await refusal(commenter.cookie, task)).toEqual([403, 'PROJECT_FORBIDDEN']);
    expect(await refusal(stranger.cookie, task)).toEqual([404, 'PROJECT_NOT_FOUND']);
    expect(await refusal(editor.cookie, { ...task, viewId: elsewhere.views[0]!.id })).toEqual([404, 'VIEW_NOT_FOUND']);
    expect(await refusal(editor.cookie, { ...task, viewId: undefined })).toEqual([404, 'VIEW_NOT_FOUND']);
    expect(await refusal(editor.cookie, { ...task, projectId: undefined })).toEqual([404, 'PROJECT_NOT_FOUND']);
    // Only the project's images widen what a member may start from: not a stranger's, nor the owner's others.
    for (const baseImageId of [strangers, ownersOwn])
      expect(await refusal(editor.cookie, { ...task, baseImageId })).toEqual([404, 'UPLOAD_NOT_FOUND']);
    // Nor the project's images outside a task made in it.
    expect(await refusal(editor.cookie, { mode: 'iterate', prompt: 'x', baseImageId: sketch })).toEqual([
      404,
      'UPLOAD_NOT_FOUND',
    ]);
    expect(await balanceOf(t, editor.cookie)).toEqual(before);
    for (const who of [viewer, commenter]) expect(await balanceOf(t, who.cookie)).toEqual(before);

    // A removed editor's very next submit finds nothing.
    expect((await run(editor.cookie, { ...task, projectStyle: false })).state).toBe('complete');
    await projectPost(t, owner.cookie, '/member/remove', { projectId: project.id, userId: editor.user.id });
    expect(await refusal(editor.cookie, task)).toEqual([404, 'PROJECT_NOT_FOUND']);
  });
});

describe('the project style in a task', () => {
  it('is merged into the stored parameters, which replay exactly; turned off, it is not', async () => {
    const { owner, editor, project, street, sketch } = await team();
    const reference = (await uploadImage(t, owner.cookie, await photo(160, 120), 'ref')).id;
    const style = {
      referenceImageId: reference,
      words: 'warm timber, soft dusk light',
      styleTags: ['japandi'],
      materialTags: ['timber'],
      seedPolicy: 'fixed',
      seed: 4242,
    };
    await projectPost(t, owner.cookie, '/style', { projectId: project.id, style, styleOn: true });
    const asked = {
      mode: 'iterate',
      prompt: 'a courtyard',
      baseImageId: sketch,
      projectId: project.id,
      viewId: street,
    };

    // The editor's task uses the owner's reference image, which the worker reads for them.
    const styled = await run(editor.cookie, asked);
    expect(styled.state).toBe('complete');
    expect(styled.params).toMatchObject({
      prompt: 'a courtyard, warm timber, soft dusk light',
      tags: { style: ['japandi'], material: ['timber'] },
      referenceImageId: reference,
      seed: 4242,
      projectStyle: false,
    });
    expect(styled.promptSent).toContain('warm timber');
    // Its tags find the project in the list.
    const byTag = await projectGet<{ items: { id: string }[] }>(t, editor.cookie, '/list?q=japandi');
    expect(byTag.data.items.map((p) => p.id)).toEqual([project.id]);
    // "Copy parameters": the stored ones run again as they are, the style not added twice.
    const again = await run(editor.cookie, styled.params);
    expect(again.params).toEqual(styled.params);

    const plain = await run(editor.cookie, { ...asked, projectStyle: false });
    expect(plain.params.prompt).toBe('a courtyard');
    expect(plain.params).not.toHaveProperty('referenceImageId');
    expect(plain.params.tags).toEqual({ style: [], material: [], function: [] });
    await projectPost(t, owner.cookie, '/style', { projectId: project.id, style, styleOn: false });
    const off = await run(editor.cookie, asked);
    expect([off.params.prompt, off.params.projectStyle]).toEqual(['a courtyard', undefined]);
  });

  it('applies without its reference once that image is gone, which the project then forgets', async () => {
    const { owner, editor, project, street, sketch } = await team();
    const reference = (await uploadImage(t, editor.cookie, await photo(160, 120), 'ref')).id;
    const style = { referenceImageId: reference, words: 'warm timber' };
    await projectPost(t, editor.cookie, '/style', { projectId: project.id, style, styleOn: true });
    // The image goes from under the style (as with its owner's account).
    await t.database.db.delete(uploads).where(inArray(uploads.id, [reference]));

    const task = await run(owner.cookie, {
      mode: 'iterate',
      prompt: 'a courtyard',
      baseImageId: sketch,
      projectId: project.id,
      viewId: street,
    });
    expect(task.state).toBe('complete');
    expect(task.params).toMatchObject({ prompt: 'a courtyard, warm timber', projectStyle: false });
    expect(task.params).not.toHaveProperty('referenceImageId');

    const found = (await projectGet<ProjectDetail>(t, owner.cookie, `/get?id=${project.id}`)).data;
    expect([found.style?.referenceImageId, found.style?.words, found.styleReferenceUrl]).toEqual([
      null,
      'warm timber',
      null,
    ]);
    const [stored] = await t.database.db
      .select({ style: projects.style })
      .from(projects)
      .where(inArray(projects.id, [project.id]));
    expect(stored!.style).toMatchObject({ referenceImageId: null, words: 'warm timber' });
  });

  it('adds its reference in every mode the model uses one in, and none where it does not', async () => {
    const { owner, project, street, sketch } = await team();
    const reference = (await uploadImage(t, owner.cookie, await photo(160, 120), 'ref')).id;
    await projectPost(t, owner.cookie, '/style', {
      projectId: project.id,
      style: { referenceImageId: reference },
      styleOn: true,
    });
    const where = { projectId: project.id, viewId: street };
    const mask = (await uploadImage(t, owner.cookie, await photo(), 'mask')).id;
    // The preview model uses a reference when it varies or edits an image, not from text alone.
    const edited = await run(owner.cookie, {
      mode: 'edit',
      prompt: 'a door',
      baseImageId: sketch,
      maskImageId: mask,
      ...where,
    });
    expect(edited.params.referenceImageId).toBe(reference);
    const text = await run(owner.cookie, { mode: 'text', prompt: 'a pavilion', ...where });
    expect(text.state).toBe('complete');
    expect(text.params).not.toHaveProperty('referenceImageId');
  });
});

describe('a folder turned into a project', () => {
  it('holds the folder’s images in one view: results with their task and parent, the folder kept', async () => {
    const { cookie } = await seedUser(t);
    const folder = await createFolder(t, cookie, 'Competition');
    const first = await generate(t, cookie, 1, folder.id);
    const varied = await run(cookie, {
      mode: 'iterate',
      prompt: 'more glass',
      baseImageId: first.results[0]!.id,
      folderId: folder.id,
    });
    const res = await projectPost<ProjectDetail>(t, cookie, '/from-folder', { folderId: folder.id, viewName: 'Main' });
    expect(res.data).toMatchObject({ name: 'Competition', viewCount: 1, versionCount: 2 });
    const list = await versions(cookie, res.data.views[0]!.id);
    expect(list.map((v) => [v.imageId, v.kind, v.taskId, v.parentImageId, v.title])).toEqual([
      [first.results[0]!.id, 'result', first.id, null, 'competition-main-v1'],
      [varied.results[0]!.id, 'result', varied.id, first.results[0]!.id, 'competition-main-v2-varied'],
    ]);
    expect((await allImages(t, cookie, folder.id)).map((i) => i.imageId).sort()).toEqual(
      list.map((v) => v.imageId).sort(),
    );
    const named = await projectPost(t, cookie, '/from-folder', {
      folderId: folder.id,
      name: 'Entry B',
      viewName: 'Main',
    });
    expect(named.data).toMatchObject({ name: 'Entry B', versionCount: 2 });
    const other = await seedUser(t);
    expect(await projectPost(t, other.cookie, '/from-folder', { folderId: folder.id, viewName: 'Mine' })).toMatchObject(
      {
        http: 404,
        code: 'FOLDER_NOT_FOUND',
      },
    );
  });
});

describe('images deleted from the workspace', () => {
  it('stay in the projects that hold them: a folder deleted with its images leaves the project whole', async () => {
    const { cookie } = await seedUser(t);
    const folder = await createFolder(t, cookie, 'Competition');
    const made = await generate(t, cookie, 2, folder.id);
    const project = (
      await projectPost<ProjectDetail>(t, cookie, '/from-folder', { folderId: folder.id, viewName: 'Main' })
    ).data;
    const viewId = project.views[0]!.id;
    await projectPost(t, cookie, '/update', { id: project.id, coverImageId: made.results[0]!.id });
    const before = await versions(cookie, viewId);
    expect(before).toHaveLength(2);

    const gone = await call(t, cookie, 'POST', '/folder/delete', { id: folder.id, images: 'delete' });
    expect(gone).toMatchObject({ status: 200, data: { deleted: 2 } });
    const after = await versions(cookie, viewId);
    expect(after.map((v) => v.imageId)).toEqual(before.map((v) => v.imageId));
    for (const v of after) {
      expect((await t.app.inject({ method: 'GET', url: v.url })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: v.thumbUrl })).statusCode).toBe(200);
    }
    const found = (await projectGet<ProjectDetail>(t, cookie, `/get?id=${project.id}`)).data;
    expect(found).toMatchObject({ versionCount: 2, coverUrl: expect.stringContaining('.thumb.webp') });
  });

  it('are removed when nothing keeps them: a project’s style reference is kept, a loose image is not', async () => {
    const { owner, project } = await team();
    const folder = await createFolder(t, owner.cookie, 'Looks');
    const made = await generate(t, owner.cookie, 2, folder.id);
    const [reference, loose] = made.results.map((r) => r.id) as [string, string];
    await projectPost(t, owner.cookie, '/style', {
      projectId: project.id,
      style: { referenceImageId: reference },
      styleOn: true,
    });
    const items = await allImages(t, owner.cookie, folder.id);
    const res = await call(t, owner.cookie, 'POST', '/image/delete', { ids: items.map((i) => i.id) });
    expect(res).toMatchObject({ status: 200, data: { count: 2 } });
    const left = await t.database.db
      .select({ id: uploads.id })
      .from(uploads)
      .where(inArray(uploads.id, [reference, loose]));
    expect(left.map((r) => r.id)).toEqual([reference]);
    const found = (await projectGet<ProjectDetail>(t, owner.cookie, `/get?id=${project.id}`)).data;
    expect(found.styleReferenceUrl).toContain('.thumb.webp');
  });
});

describe('the sweep of old uploads', () => {
  it('keeps the images a project holds: versions, the cover and the style’s reference', async () => {
    const { owner, project, street } = await team();
    const [version, cover, reference, loose] = await Promise.all(
      ['base', 'base', 'ref', 'base'].map((kind) => uploadPicture(t, owner.cookie, kind)),
    );
    await projectPost(t, owner.cookie, '/version/add', { viewId: street, imageId: version, kind: 'base' });
    await projectPost(t, owner.cookie, '/style', {
      projectId: project.id,
      style: { referenceImageId: reference },
      styleOn: true,
    });
    // A cover that is no longer a version (as one may be for a moment): still kept.
    await t.database.db
      .update(projects)
      .set({ coverImageId: cover })
      .where(inArray(projects.id, [project.id]));
    const ids = [version!, cover!, reference!, loose!];
    await t.database.db
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(inArray(uploads.id, ids));
    await t.app.services!.sweepAbandonedUploads();
    const left = await t.database.db.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, ids));
    expect(left.map((r) => r.id).sort()).toEqual([version!, cover!, reference!].sort());
  });
});
