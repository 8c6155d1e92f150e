import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { isFinished, TASK_STATES, type ProjectAccess } from '@turing/contract';
import type { Db } from '../../../db/client.ts';
import { inTransaction } from '../../../db/database.ts';
import {
  folderItems,
  projectMembers,
  projects,
  projectVersions,
  projectViews,
  tasks,
  uploads,
  users,
  type UploadRow,
} from '../../../db/schema/index.ts';
import { resultIndexSql } from '../../upload/index.ts';
import type { VersionRow, ViewRow } from './project-dto.ts';
import { rowsOf } from './projects.repository.ts';

// Spelled out: inside the subqueries below a bare column would be the inner table's.
const VERSION = { view: sql.raw('"project_versions"."view_id"'), created: sql.raw('"project_versions"."created_at"') };
const VIEW = sql.raw('"project_views"."id"');

const versionFields = {
  version: projectVersions,
  projectName: projects.name,
  viewName: projectViews.name,
  image: { key: uploads.key, thumbKey: uploads.thumbKey, width: uploads.width, height: uploads.height },
  task: { engine: tasks.engine, mode: tasks.mode, params: tasks.params, prompt: tasks.promptOriginal },
  resultIndex: resultIndexSql,
  number: sql<number>`(select count(*)::int from ${projectVersions} n where n.view_id = ${VERSION.view}
    and (n.created_at, n.id) <= (${VERSION.created}, ${projectVersions.id}))`,
  adder: { id: users.id, nickname: users.nickname, avatarKey: users.avatarKey },
};

/** The same without the version's place in its view: counted afterwards for the rows kept (see `numbered`). */
const unnumbered = { ...versionFields, number: sql<number>`0` };

const viewFields = {
  view: projectViews,
  versionCount: sql<number>`(select count(*)::int from ${projectVersions} c where c.view_id = ${VIEW})`,
  starredCount: sql<number>`(select count(*)::int from ${projectVersions} c where c.view_id = ${VIEW} and c.starred)`,
};

/**
 * The order a view's current version is picked in: the chosen one while it is in the view, else the
 * newest result, else the newest base image.
 */
const currentOrder = [
  desc(sql`${projectVersions.imageId} is not distinct from ${projectViews.currentImageId}`),
  desc(sql`${projectVersions.kind} = 'result'`),
  desc(projectVersions.createdAt),
  desc(projectVersions.id),
];

/** Who may edit a project: its owner and its editors. */
const editsProject = (projectId: SQL, userId: string | SQL) =>
  sql`(exists (select 1 from ${projects} e where e.id = ${projectId} and e.owner_id = ${userId})
    or exists (select 1 from ${projectMembers} m where m.project_id = ${projectId} and m.user_id = ${userId} and m.role = 'editor'))`;

/** An image that belongs to the project `p`: one of its versions, its cover or its style's reference. */
const ofProject = (p: SQL) =>
  sql`(exists (select 1 from ${projectVersions} pv where pv.project_id = ${p} and pv.image_id = ${uploads.id})
    or exists (select 1 from ${projects} s where s.id = ${p}
      and (s.cover_image_id = ${uploads.id} or s.style->>'referenceImageId' = ${uploads.id}::text)))`;
const NOT_PRIVATE_KINDS = sql`${uploads.kind} not in ('avatar', 'support')`;

/**
 * Whether the image belongs to a project the user edits. Found from the image, never by going
 * through every project: the versions that hold it, the projects whose cover or style's reference it
 * is (each on its own index), and only then whether the user edits the project.
 */
const inProjectEditedBy = (imageId: string, userId: string) =>
  sql`(exists (select 1 from ${projectVersions} pv where pv.image_id = ${imageId}::uuid
        and ${editsProject(sql`pv.project_id`, userId)})
    or exists (select 1 from ${projects} pc where pc.cover_image_id = ${imageId}::uuid
        and ${editsProject(sql`pc.id`, userId)})
    or exists (select 1 from ${projects} ps where ps.style->>'referenceImageId' = ${imageId}::text
        and ${editsProject(sql`ps.id`, userId)}))`;
/** A task that has not finished yet: its results are still to join its view. */
const UNFINISHED = TASK_STATES.filter((state) => !isFinished(state));

/** Views, their versions, and what tasks made in them add. */
export function createVersionsRepository(db: Db) {
  const versions = (fields = versionFields) =>
    db
      .select(fields)
      .from(projectVersions)
      .innerJoin(projectViews, eq(projectViews.id, projectVersions.viewId))
      .innerJoin(projects, eq(projects.id, projectVersions.projectId))
      .innerJoin(uploads, eq(uploads.id, projectVersions.imageId))
      .leftJoin(tasks, eq(tasks.id, projectVersions.taskId))
      .leftJoin(users, eq(users.id, projectVersions.addedBy))
      .$dynamic();
  const currents = () =>
    db
      .selectDistinctOn([projectVersions.viewId], unnumbered)
      .from(projectVersions)
      .innerJoin(projectViews, eq(projectViews.id, projectVersions.viewId))
      .innerJoin(projects, eq(projects.id, projectVersions.projectId))
      .innerJoin(uploads, eq(uploads.id, projectVersions.imageId))
      .leftJoin(tasks, eq(tasks.id, projectVersions.taskId))
      .leftJoin(users, eq(users.id, projectVersions.addedBy))
      .$dynamic();

  /** Rows with their place in their view, counted for these rows alone. */
  async function numbered(rows: VersionRow[]): Promise<VersionRow[]> {
    if (!rows.length) return rows;
    const found = await db
      .select({ id: projectVersions.id, number: versionFields.number })
      .from(projectVersions)
      .where(
        inArray(
          projectVersions.id,
          rows.map((row) => row.version.id),
        ),
      );
    const places = new Map(found.map((row) => [row.id, Number(row.number)]));
    return rows.map((row) => ({ ...row, number: places.get(row.version.id) ?? 1 }));
  }

  return {
    /** The view's project and the caller's access to it (null: no such view, or not theirs to open). */
    async viewAccess(viewId: string, userId: string) {
      const [row] = await db
        .select({ projectId: projects.id, ownerId: projects.ownerId, role: projectMembers.role })
        .from(projectViews)
        .innerJoin(projects, eq(projects.id, projectViews.projectId))
        .leftJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)))
        .where(eq(projectViews.id, viewId))
        .limit(1);
      if (!row) return null;
      const access: ProjectAccess | null = row.ownerId === userId ? 'owner' : (row.role ?? null);
      return access ? { projectId: row.projectId, access } : null;
    },

    views: async (projectId: string): Promise<ViewRow[]> =>
      db
        .select(viewFields)
        .from(projectViews)
        .where(eq(projectViews.projectId, projectId))
        .orderBy(asc(projectViews.sort), asc(projectViews.createdAt), asc(projectViews.id)),

    async view(viewId: string): Promise<ViewRow | null> {
      const [row] = await db.select(viewFields).from(projectViews).where(eq(projectViews.id, viewId)).limit(1);
      return row ?? null;
    },

    /** The current version of each of the project's views (or of one view), by view. */
    async currents(where: { projectId: string } | { viewId: string }) {
      const rows = (await currents()
        .where(
          'viewId' in where ? eq(projectVersions.viewId, where.viewId) : eq(projectVersions.projectId, where.projectId),
        )
        .orderBy(asc(projectVersions.viewId), ...currentOrder)) as VersionRow[];
      return new Map((await numbered(rows)).map((row) => [row.version.viewId, row]));
    },

    /** Every version of a view, oldest first (numbered by their place, not one count each). */
    async list(viewId: string) {
      const rows = (await versions(unnumbered)
        .where(eq(projectVersions.viewId, viewId))
        .orderBy(asc(projectVersions.createdAt), asc(projectVersions.id))) as VersionRow[];
      return rows.map((row, i) => ({ ...row, number: i + 1 }));
    },

    async one(viewId: string, imageId: string) {
      const [row] = await versions()
        .where(and(eq(projectVersions.viewId, viewId), eq(projectVersions.imageId, imageId)))
        .limit(1);
      return (row as VersionRow | undefined) ?? null;
    },

    /**
     * Adds a view unless the project has `max`; null then. Call it in a transaction: the project's
     * row is locked first, so parallel adds count one after another.
     */
    async insertViewUnderCap(projectId: string, name: string, max: number) {
      await db.execute(sql`select 1 from ${projects} where ${projects.id} = ${projectId} for no key update`);
      const [row] = rowsOf<{ id: string }>(
        await db.execute(sql`
          insert into ${projectViews} (project_id, name, sort)
          select ${projectId}::uuid, ${name},
            coalesce((select max(sort) + 1 from ${projectViews} where project_id = ${projectId}), 0)
          where (select count(*) from ${projectViews} where project_id = ${projectId}) < ${max}
          returning id`),
      );
      return row?.id ?? null;
    },

    async updateView(viewId: string, patch: { name?: string; sort?: number }) {
      await db.update(projectViews).set(patch).where(eq(projectViews.id, viewId));
    },

    async removeView(viewId: string) {
      await db.delete(projectViews).where(eq(projectViews.id, viewId));
    },

    /**
     * Adds an image to a view unless it holds `max`: 'full' then, 'there' when it already held it.
     * Its parent is the image its task started from when that is in the view too. Call it in a
     * transaction: the view's row is locked first, so parallel adds count one after another.
     */
    async insertVersionUnderCap(
      v: { viewId: string; imageId: string; kind: 'base' | 'result'; taskId: string | null; addedBy: string },
      max: number,
    ): Promise<'added' | 'there' | 'full'> {
      await db.execute(sql`select 1 from ${projectViews} where ${projectViews.id} = ${v.viewId} for no key update`);
      const added = rowsOf<{ id: string }>(
        await db.execute(sql`
          insert into ${projectVersions} (project_id, view_id, image_id, kind, task_id, parent_image_id, added_by)
          select w.project_id, w.id, ${v.imageId}::uuid, ${v.kind}, ${v.taskId}::uuid,
            (select b.image_id from ${projectVersions} b join ${tasks} t on b.image_id::text = t.params->>'baseImageId'
              where t.id = ${v.taskId}::uuid and b.view_id = w.id),
            ${v.addedBy}::uuid
          from ${projectViews} w
          where w.id = ${v.viewId} and (select count(*) from ${projectVersions} c where c.view_id = w.id) < ${max}
          on conflict (view_id, image_id) do nothing
          returning id`),
      );
      if (added.length) return 'added';
      return (await this.one(v.viewId, v.imageId)) ? 'there' : 'full';
    },

    /**
     * A folder's images as a view's versions (up to `max`, oldest first): results with their task and
     * the image it started from when that is in the folder too, anything else as a base image.
     */
    async insertFolderImages(viewId: string, folderId: string, addedBy: string, max: number) {
      await db.execute(sql`
        insert into ${projectVersions} (project_id, view_id, image_id, kind, task_id, parent_image_id, added_by, created_at)
        select w.project_id, w.id, u.id,
          case when u.kind = 'result' and u.task_id is not null then 'result' else 'base' end,
          u.task_id,
          (select (t.params->>'baseImageId')::uuid from ${tasks} t where t.id = u.task_id
            and exists (select 1 from ${folderItems} b where b.folder_id = ${folderId} and b.upload_id::text = t.params->>'baseImageId')),
          ${addedBy}::uuid, u.created_at
        from ${projectViews} w
        join ${folderItems} f on f.folder_id = ${folderId}
        join ${uploads} u on u.id = f.upload_id
        where w.id = ${viewId}
        order by u.created_at, u.id
        limit ${max}
        on conflict (view_id, image_id) do nothing`);
    },

    /** Makes an image of the view its current version; false when the view does not hold it. */
    async setCurrent(viewId: string, imageId: string) {
      if (!(await this.one(viewId, imageId))) return false;
      await db.update(projectViews).set({ currentImageId: imageId }).where(eq(projectViews.id, viewId));
      return true;
    },

    async star(viewId: string, imageId: string, starred: boolean) {
      const rows = await db
        .update(projectVersions)
        .set({ starred })
        .where(and(eq(projectVersions.viewId, viewId), eq(projectVersions.imageId, imageId)))
        .returning({ id: projectVersions.id });
      return rows.length > 0;
    },

    /** Takes an image out of a view (and out of its current place); false when it was not there. */
    async remove(viewId: string, imageId: string) {
      const rows = await db
        .delete(projectVersions)
        .where(and(eq(projectVersions.viewId, viewId), eq(projectVersions.imageId, imageId)))
        .returning({ id: projectVersions.id });
      await db
        .update(projectViews)
        .set({ currentImageId: null })
        .where(and(eq(projectViews.id, viewId), eq(projectViews.currentImageId, imageId)));
      return rows.length > 0;
    },

    /**
     * The results of a task made in a view become its versions, in the completion's transaction (or
     * one of its own when there is none), safe to run again. Only while the task's maker may still
     * edit the project, and only as many as the view has room for; the parent is the task's base
     * image when the view holds it.
     */
    addTaskResults: (taskId: string, max: number) =>
      inTransaction(db, async (tx) => {
        // The view's row first, as insertVersionUnderCap does: two completions (or a completion and
        // an add) count one after another, so together they never pass the cap. The count is a
        // later statement, which sees what the one before it committed.
        await tx.execute(sql`
          select 1 from ${projectViews} w
          where w.id = (select t.view_id from ${tasks} t where t.id = ${taskId})
          for no key update`);
        await tx.execute(sql`
          with added as (
            insert into ${projectVersions} (project_id, view_id, image_id, kind, task_id, parent_image_id, added_by, created_at)
            select w.project_id, w.id, r.id, 'result', t.id,
              (select b.image_id from ${projectVersions} b where b.view_id = w.id and b.image_id::text = t.params->>'baseImageId'),
              t.user_id, r.created_at
            from ${tasks} t
            join ${projectViews} w on w.id = t.view_id and w.project_id = t.project_id
            join (select u.id, u.created_at, row_number() over (order by u.created_at, u.id) as n
              from ${uploads} u where u.task_id = ${taskId} and u.kind = 'result') r on true
            where t.id = ${taskId} and ${editsProject(sql`w.project_id`, sql`t.user_id`)}
              and (select count(*) from ${projectVersions} c where c.view_id = w.id) + r.n <= ${max}
            on conflict (view_id, image_id) do nothing
            returning project_id)
          update ${projects} set updated_at = now() where id in (select project_id from added)`);
      }),

    /** Those of `ids` that are images of the project (its versions, cover or style reference). */
    imagesOf: async (projectId: string, ids: string[]): Promise<UploadRow[]> =>
      ids.length
        ? db
            .select()
            .from(uploads)
            .where(
              and(
                sql`${uploads.id} in (${sql.join(
                  ids.map((id) => sql`${id}::uuid`),
                  sql`, `,
                )})`,
                NOT_PRIVATE_KINDS,
                ofProject(sql`${projectId}::uuid`),
              ),
            )
        : [],

    /**
     * The images the view's unfinished tasks will add when they complete (each task's count): the
     * room a new task has is what its versions and these leave.
     */
    async pendingResults(viewId: string) {
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(coalesce((${tasks.params}->>'count')::int, 1)), 0)::int` })
        .from(tasks)
        .where(and(eq(tasks.viewId, viewId), inArray(tasks.state, UNFINISHED)));
      return Number(row?.n ?? 0);
    },

    /** An image of any project the user may edit (a task's input, read by the worker that runs it). */
    async editableImage(imageId: string, userId: string): Promise<UploadRow | null> {
      const [row] = await db
        .select()
        .from(uploads)
        .where(and(eq(uploads.id, imageId), NOT_PRIVATE_KINDS, inProjectEditedBy(imageId, userId)))
        .limit(1);
      return row ?? null;
    },
  };
}
export type VersionsRepository = ReturnType<typeof createVersionsRepository>;
