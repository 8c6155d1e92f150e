import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_LIMITS } from '@turing/contract';
import { projectMembers, projects } from '../../../db/schema/index.ts';
import { makeProject, projectPost, uploadPicture } from '../../../../test-support/project-helpers.ts';
import { buildTestApp, seedUser, type TestApp } from '../../../../test-support/test-app.ts';
import { createVersionsRepository } from './versions.repository.ts';

// PostgreSQL only: parallel requests on separate connections racing for the last places under a cap.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ DATABASE_POOL_SIZE: '20' });
});
afterAll(() => t.close());

const codes = (answers: { status: number; code?: string }[]) => ({
  made: answers.filter((a) => a.status === 200).length,
  refused: answers.filter((a) => a.status !== 200).map((a) => a.code),
});
/** Rows of a table whose `column` is `id`. */
const count = async (table: string, column: string, id: string) =>
  (await t.database.query<{ n: number }>(`select count(*)::int as n from ${table} where ${column} = $1`, [id]))[0]!.n;

describe('project caps under a race', () => {
  it('lets 20 parallel creates, five short of the cap, make exactly five projects', async () => {
    const { user, cookie } = await seedUser(t);
    const max = PROJECT_LIMITS.projectsPerUser;
    await t.database.db
      .insert(projects)
      .values(Array.from({ length: max - 5 }, (_, i) => ({ ownerId: user.id, name: `Earlier ${i}` })));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => projectPost(t, cookie, '/create', { name: `Race ${i}`, views: ['A'] })),
    );
    expect(codes(answers)).toEqual({ made: 5, refused: Array(15).fill('PROJECT_LIMIT') });
    expect(await count('projects', 'owner_id', user.id)).toBe(max);
  });

  it('lets 20 parallel view adds, five short of the cap, make exactly five views', async () => {
    const owner = await seedUser(t);
    const max = PROJECT_LIMITS.viewsPerProject;
    const project = await makeProject(
      t,
      owner.cookie,
      'Views',
      Array.from({ length: max - 5 }, (_, i) => `View ${i}`),
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        projectPost(t, owner.cookie, '/view/create', { projectId: project.id, name: `Race ${i}` }),
      ),
    );
    expect(codes(answers)).toEqual({ made: 5, refused: Array(15).fill('VIEW_LIMIT') });
    expect(await count('project_views', 'project_id', project.id)).toBe(max);
  });

  it('lets 20 parallel invitations, five short of the cap, add exactly five members', async () => {
    const owner = await seedUser(t);
    const max = PROJECT_LIMITS.membersPerProject;
    const project = await makeProject(t, owner.cookie);
    const earlier = await Promise.all(Array.from({ length: max - 5 }, () => seedUser(t)));
    await t.database.db
      .insert(projectMembers)
      .values(earlier.map(({ user }) => ({ projectId: project.id, userId: user.id, role: 'viewer' as const })));
    const invited = await Promise.all(Array.from({ length: 20 }, () => seedUser(t)));
    const answers = await Promise.all(
      invited.map(({ user }) =>
        projectPost(t, owner.cookie, '/member/add', { projectId: project.id, who: user.username, role: 'editor' }),
      ),
    );
    expect(codes(answers)).toEqual({ made: 5, refused: Array(15).fill('MEMBER_LIMIT') });
    expect(await count('project_members', 'project_id', project.id)).toBe(max);
  });

  it('lets 20 parallel version adds, five short of the cap, add exactly five images', async () => {
    const owner = await seedUser(t);
    const project = await makeProject(t, owner.cookie);
    const viewId = project.views[0]!.id;
    const max = PROJECT_LIMITS.versionsPerView;
    await t.database.db.execute(sql`
      with made as (
        insert into uploads (user_id, kind, key, mime, width, height, bytes, created_at)
        select ${owner.user.id}::uuid, 'base', 'base/filler-' || g || '.png', 'image/png', 8, 8, 10,
          now() - interval '2 days'
        from generate_series(1, ${max - 5}) g
        returning id)
      insert into project_versions (project_id, view_id, image_id, kind)
      select ${project.id}::uuid, ${viewId}::uuid, id, 'base' from made`);
    const images = [];
    for (let i = 0; i < 20; i += 1) images.push(await uploadPicture(t, owner.cookie));
    const answers = await Promise.all(
      images.map((imageId) => projectPost(t, owner.cookie, '/version/add', { viewId, imageId, kind: 'base' })),
    );
    expect(codes(answers)).toEqual({ made: 5, refused: Array(15).fill('VERSION_LIMIT') });
    expect(await count('project_versions', 'view_id', viewId)).toBe(max);
  });

  it('lets 20 tasks completing at once, five short of the cap, add exactly five results', async () => {
    const owner = await seedUser(t);
    const project = await makeProject(t, owner.cookie);
    const viewId = project.views[0]!.id;
    const max = PROJECT_LIMITS.versionsPerView;
    await t.database.db.execute(sql`
      with made as (
        insert into uploads (user_id, kind, key, mime, width, height, bytes)
        select ${owner.user.id}::uuid, 'base', 'base/race-' || gen_random_uuid() || '.png', 'image/png', 8, 8, 10
        from generate_series(1, ${max - 5}) g
        returning id)
      insert into project_versions (project_id, view_id, image_id, kind)
      select ${project.id}::uuid, ${viewId}::uuid, id, 'base' from made`);
    // Twenty tasks of the view, one result each, finishing together.
    const made = await t.database.query<{ id: string }>(
      `with made as (
         insert into tasks (user_id, mode, params, engine, state, project_id, view_id)
         select $1::uuid, 'text', '{"mode":"text","prompt":"x"}'::jsonb, 'preview', 'complete', $2::uuid, $3::uuid
         from generate_series(1, 20) g
         returning id),
       results as (
         insert into uploads (user_id, kind, key, mime, width, height, bytes, task_id)
         select $1::uuid, 'result', 'result/race-' || gen_random_uuid() || '.png', 'image/png', 8, 8, 10, id from made)
       select id from made`,
      [owner.user.id, project.id, viewId],
    );
    await Promise.all(
      made.map(({ id }) => t.database.transaction((tx) => createVersionsRepository(tx).addTaskResults(id, max))),
    );
    expect(await count('project_versions', 'view_id', viewId)).toBe(max);
  });
});
