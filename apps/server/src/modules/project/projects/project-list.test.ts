import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor, PROJECT_LIMITS } from '@turing/contract';
import { projectComments, projectReads } from '../../../db/schema/index.ts';
import {
  addMember,
  addVersion,
  listProjects,
  makeProject,
  projectPost,
  uploadPicture,
} from '../../../../test-support/project-helpers.ts';
import { buildTestApp, seedUser, type TestApp } from '../../../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Every project of a list, walking its pages `limit` at a time. */
async function everything(cookie: string, query: string, limit = 2) {
  const names: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await listProjects(t, cookie, `${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status).toBe(200);
    names.push(...res.data.items.map((p) => p.name));
    cursor = res.data.nextCursor;
  } while (cursor);
  return names;
}

describe('the project list', () => {
  it('lists own and shared projects with the caller’s access, counts, cover and unread comments', async () => {
    const me = await seedUser(t);
    const colleague = await seedUser(t);
    const mine = await makeProject(t, me.cookie, 'Mine', ['A', 'B']);
    const shared = await makeProject(t, colleague.cookie, 'Shared', ['Only']);
    await addMember(t, colleague.cookie, shared.id, me.user.username, 'commenter');
    const image = await uploadPicture(t, colleague.cookie);
    await addVersion(t, colleague.cookie, shared.views[0]!.id, image);
    // Two comments by the colleague, one of mine (never unread to me); I read up to the first.
    const at = (s: number) => new Date(Date.now() - 60_000 + s * 1000);
    await t.database.db.insert(projectComments).values([
      {
        projectId: shared.id,
        imageId: image,
        authorId: colleague.user.id,
        authorName: 'C',
        body: 'one',
        x: 0.1,
        y: 0.1,
        createdAt: at(1),
      },
      {
        projectId: shared.id,
        imageId: image,
        authorId: colleague.user.id,
        authorName: 'C',
        body: 'two',
        x: 0.2,
        y: 0.2,
        createdAt: at(3),
      },
      {
        projectId: shared.id,
        imageId: image,
        authorId: me.user.id,
        authorName: 'M',
        body: 'mine',
        x: 0.3,
        y: 0.3,
        createdAt: at(4),
      },
    ]);
    const byName = async (query = '') =>
      Object.fromEntries((await listProjects(t, me.cookie, query)).data.items.map((p) => [p.name, p]));

    let found = await byName();
    expect(found.Mine).toMatchObject({
      access: 'owner',
      viewCount: 2,
      versionCount: 0,
      memberCount: 0,
      coverUrl: null,
    });
    expect(found.Shared).toMatchObject({
      access: 'commenter',
      owner: { id: colleague.user.id },
      viewCount: 1,
      versionCount: 1,
      memberCount: 1,
      unreadComments: 2,
      coverUrl: expect.stringContaining('.thumb.webp'),
    });
    await t.database.db
      .insert(projectReads)
      .values({ projectId: shared.id, userId: me.user.id, commentsSeenAt: at(2) });
    found = await byName();
    expect(found.Shared!.unreadComments).toBe(1);
    expect(Object.keys(await byName('whose=own'))).toEqual(['Mine']);
    expect(Object.keys(await byName('whose=shared'))).toEqual(['Shared']);
    expect(mine.id).toBe(found.Mine!.id);
  });

  it('searches names and notes, filters by the day of the last edit, and pages each order', async () => {
    const { cookie } = await seedUser(t);
    for (const [name, note] of [
      ['Delta tower', ''],
      ['alpha house', 'by the 100% lake_side'],
      ['Charlie pavilion', ''],
      ['Bravo barn', 'timber'],
      ['Echo school', ''],
    ])
      await projectPost(t, cookie, '/create', { name, note });
    expect(await everything(cookie, 'sort=name')).toEqual([
      'alpha house',
      'Bravo barn',
      'Charlie pavilion',
      'Delta tower',
      'Echo school',
    ]);
    expect(await everything(cookie, 'sort=created')).toEqual([
      'Echo school',
      'Bravo barn',
      'Charlie pavilion',
      'alpha house',
      'Delta tower',
    ]);
    // Editing moves a project to the top of the "last edited" order.
    const all = (await listProjects(t, cookie, 'sort=name')).data.items;
    await projectPost(t, cookie, '/update', { id: all.find((p) => p.name === 'Charlie pavilion')!.id, note: 'edited' });
    expect((await everything(cookie, 'sort=updated', 3))[0]).toBe('Charlie pavilion');
    expect(await everything(cookie, 'q=TIMBER')).toEqual(['Bravo barn']);
    // LIKE's wildcards are searched as themselves.
    expect(await everything(cookie, `q=${encodeURIComponent('100%')}`)).toEqual(['alpha house']);
    expect(await everything(cookie, 'q=_')).toEqual(['alpha house']);
    const today = new Date().toISOString().slice(0, 10);
    expect(await everything(cookie, `from=${today}&to=${today}&sort=name`, 10)).toHaveLength(5);
    expect(await everything(cookie, 'to=2020-01-01')).toEqual([]);
    expect(await everything(cookie, 'from=2999-01-01')).toEqual([]);
  });

  it('pages by name from the name in the cursor, whatever became of the project it ended on', async () => {
    const { cookie } = await seedUser(t);
    const ids: Record<string, string> = {};
    // Names of every width, up to the longest allowed, in letters beyond ASCII too.
    const long = '海'.repeat(PROJECT_LIMITS.nameMax);
    for (const name of ['alpha', 'bravo', 'charlie', 'delta', 'echo', long, '😀'.repeat(PROJECT_LIMITS.nameMax / 2)])
      ids[name] = (await makeProject(t, cookie, name)).id;
    expect(await everything(cookie, 'sort=name', 1)).toHaveLength(7);
    const first = await listProjects(t, cookie, 'sort=name&limit=2');
    expect(first.data.items.map((p) => p.name)).toEqual(['alpha', 'bravo']);
    // The project the page ended on is renamed to the end of the list: the next page follows "bravo" still.
    await projectPost(t, cookie, '/update', { id: ids.bravo!, name: 'zulu' });
    const next = await listProjects(t, cookie, `sort=name&limit=2&cursor=${first.data.nextCursor}`);
    expect(next.data.items.map((p) => p.name)).toEqual(['charlie', 'delta']);
    // ... and deleted, it still does.
    await projectPost(t, cookie, '/delete', { id: ids.bravo! });
    const again = await listProjects(t, cookie, `sort=name&limit=2&cursor=${first.data.nextCursor}`);
    expect(again.data.items.map((p) => p.name)).toEqual(['charlie', 'delta']);
    const after = await listProjects(t, cookie, `sort=name&limit=1&cursor=${next.data.nextCursor}`);
    expect(after.data.items.map((p) => p.name)).toEqual(['echo']);
  });

  it('never pages by another user’s project: a cursor naming one by its id alone is refused', async () => {
    const { cookie } = await seedUser(t);
    const stranger = await seedUser(t);
    for (const name of ['alpha', 'mike', 'zulu']) await makeProject(t, cookie, name);
    const theirs = await makeProject(t, stranger.cookie, 'november');
    const res = await listProjects(t, cookie, `sort=name&cursor=${encodeCursor({ sort: 'name', id: theirs.id })}`);
    expect([res.http, res.code]).toEqual([400, 'CURSOR_INVALID']);
    // A made-up position pages the caller's own projects from that name, and tells nothing of others.
    const made = `n:${Buffer.from('november').toString('base64url')}`;
    const from = await listProjects(t, cookie, `sort=name&cursor=${encodeCursor({ sort: made, id: theirs.id })}`);
    expect(from.data.items.map((p) => p.name)).toEqual(['zulu']);
    for (const sort of ['n:', 'n:*', `n:${Buffer.from([0xff, 0xfe]).toString('base64url')}`, 'n:AA'])
      expect((await listProjects(t, cookie, `sort=name&cursor=${encodeCursor({ sort, id: theirs.id })}`)).code).toBe(
        'CURSOR_INVALID',
      );
  });

  it('refuses a cursor of another order or not made by the API', async () => {
    const { cookie } = await seedUser(t);
    for (const name of ['One', 'Two', 'Three']) await projectPost(t, cookie, '/create', { name });
    const first = await listProjects(t, cookie, 'sort=name&limit=1');
    expect(first.data.nextCursor).toEqual(expect.any(String));
    const crossed = await listProjects(t, cookie, `sort=updated&cursor=${first.data.nextCursor}`);
    expect([crossed.http, crossed.code]).toEqual([400, 'CURSOR_INVALID']);
    for (const query of ['cursor=nonsense', 'limit=0', 'sort=size', 'from=2026-02-30', 'whose=theirs'])
      expect((await listProjects(t, cookie, query)).http).toBe(400);
  });

  it('keeps the list to projects the caller may open after a removal', async () => {
    const owner = await seedUser(t);
    const member = await seedUser(t);
    const project = await makeProject(t, owner.cookie, 'Temporary');
    await addMember(t, owner.cookie, project.id, member.user.username, 'editor');
    expect((await listProjects(t, member.cookie)).data.items.map((p) => p.name)).toEqual(['Temporary']);
    await projectPost(t, owner.cookie, '/member/remove', { projectId: project.id, userId: member.user.id });
    expect((await listProjects(t, member.cookie)).data.items).toEqual([]);
    expect((await listProjects(t, owner.cookie)).data.items[0]).toMatchObject({ name: 'Temporary', memberCount: 0 });
  });
});
