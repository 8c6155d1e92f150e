import { and, asc, desc, eq, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ProjectAccess, ProjectStyle, TaskMode } from '@turing/contract';
import type { Db } from '../../../db/client.ts';
import {
  folders,
  projectComments,
  projectMembers,
  projectReads,
  projects,
  projectVersions,
  projectViews,
  studioDrafts,
  uploads,
  users,
} from '../../../db/schema/index.ts';
import type { SummaryRow } from './project-dto.ts';

/** Rows of a raw statement: both drivers put them under `rows`. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// Spelled out: inside the subqueries below a bare "id" would be the inner table's.
const PROJECT = sql.raw('"projects"."id"');
const cover = alias(uploads, 'cover');

/**
 * The image a project's card shows: the chosen cover, else the newest version chosen as a view's
 * current one, else the newest result, else the newest base image.
 */
const coverId = sql`coalesce(${projects.coverImageId}, (
  select pv.image_id from ${projectVersions} pv where pv.project_id = ${PROJECT}
  order by exists (select 1 from ${projectViews} v where v.id = pv.view_id and v.current_image_id = pv.image_id) desc,
    (pv.kind = 'result') desc, pv.created_at desc, pv.id desc
  limit 1))`;

/** A project with the caller's access, its owner, counts and cover: each count on its own index. */
const summaryQuery = (db: Db, userId: string, extra: Record<string, SQL> = {}) =>
  db
    .select({
      project: projects,
      access: sql<ProjectAccess>`case when ${projects.ownerId} = ${userId} then 'owner' else ${projectMembers.role} end`,
      owner: { id: users.id, nickname: users.nickname, avatarKey: users.avatarKey },
      viewCount: sql<number>`(select count(*)::int from ${projectViews} v where v.project_id = ${PROJECT})`,
      versionCount: sql<number>`(select count(*)::int from ${projectVersions} pv where pv.project_id = ${PROJECT})`,
      memberCount: sql<number>`(select count(*)::int from ${projectMembers} pm where pm.project_id = ${PROJECT})`,
      // Comments of others since the caller last read them; all of them before they ever did.
      unreadComments: sql<number>`(select count(*)::int from ${projectComments} c
        where c.project_id = ${PROJECT} and c.author_id is distinct from ${userId}::uuid
          and c.created_at > coalesce((select r.comments_seen_at from ${projectReads} r
            where r.project_id = ${PROJECT} and r.user_id = ${userId}), '-infinity'::timestamptz))`,
      coverKey: cover.key,
      coverThumbKey: cover.thumbKey,
      ...extra,
    })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.ownerId))
    .leftJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)))
    .leftJoin(cover, eq(cover.id, coverId))
    .$dynamic();

/**
 * Where a page of the list starts: after this position in the list's order (a time or a lower-cased
 * name, and an id), as the cursor carries it: no other project is looked up to find it.
 */
export type ListAfter =
  { sort: 'updated' | 'created'; at: string; id: string } | { sort: 'name'; name: string; id: string };

export interface ListFilter {
  whose: 'all' | 'own' | 'shared';
  q?: string;
  mode?: TaskMode;
  model?: string;
  type?: string;
  /** Last edited from the start of this UTC day / up to the end of this one. */
  from?: string;
  to?: string;
  sort: 'updated' | 'created' | 'name';
  after?: ListAfter;
  limit: number;
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The list's filters: whose, the search over names, notes, prompts and tags, what versions were made with, when. */
function listWhere(userId: string, f: ListFilter): SQL | undefined {
  const versionTask = (condition: SQL) =>
    sql`exists (select 1 from ${projectVersions} pv join tasks t on t.id = pv.task_id
      where pv.project_id = ${PROJECT} and ${condition})`;
  const taskFilters = [
    f.mode ? sql`t.mode = ${f.mode}` : undefined,
    f.model ? sql`t.params->>'model' = ${f.model}` : undefined,
    f.type ? sql`t.params->>'type' = ${f.type}` : undefined,
  ].filter((c): c is SQL => c !== undefined);
  const pattern = f.q ? likePattern(f.q) : null;
  return and(
    f.whose === 'own' ? eq(projects.ownerId, userId) : undefined,
    f.whose === 'shared' ? and(ne(projects.ownerId, userId), isNotNull(projectMembers.userId)) : undefined,
    f.whose === 'all' ? or(eq(projects.ownerId, userId), isNotNull(projectMembers.userId)) : undefined,
    pattern
      ? or(
          sql`${projects.name} ilike ${pattern}`,
          sql`${projects.note} ilike ${pattern}`,
          versionTask(sql`(t.prompt_original ilike ${pattern} or (t.params->'tags')::text ilike ${pattern})`),
        )
      : undefined,
    taskFilters.length ? versionTask(sql.join(taskFilters, sql` and `)) : undefined,
    f.from ? sql`${projects.updatedAt} >= ${f.from}::date::timestamp at time zone 'UTC'` : undefined,
    f.to ? sql`${projects.updatedAt} < (${f.to}::date + 1)::timestamp at time zone 'UTC'` : undefined,
  );
}

/** The keyset of each order: newest edit or creation first, or by name (case-insensitively) then id. */
function listOrder(f: ListFilter) {
  const lowerName = sql`lower(${projects.name})`;
  if (f.sort === 'name') {
    const after =
      f.after && 'name' in f.after
        ? sql`(${lowerName}, ${projects.id}) > (${f.after.name}::text, ${f.after.id}::uuid)`
        : undefined;
    return { after, orderBy: [asc(lowerName), asc(projects.id)], sortKey: sql<string>`${lowerName}` };
  }
  const column = f.sort === 'created' ? projects.createdAt : projects.updatedAt;
  const after =
    f.after && 'at' in f.after
      ? sql`(${column}, ${projects.id}) < (${f.after.at}::timestamptz, ${f.after.id}::uuid)`
      : undefined;
  // Microseconds in UTC: a JS Date keeps milliseconds only, which would skip or repeat rows.
  const sortKey = sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  return { after, orderBy: [desc(column), desc(projects.id)], sortKey };
}

/** Projects, their counts and their lists; the views and versions are in versions.repository.ts. */
export function createProjectsRepository(db: Db) {
  return {
    /** One page of the projects the user may open, plus one row to tell whether more follow. */
    async list(userId: string, f: ListFilter): Promise<(SummaryRow & { sortKey: string })[]> {
      const order = listOrder(f);
      const rows = await summaryQuery(db, userId, { sortKey: order.sortKey })
        .where(and(listWhere(userId, f), order.after))
        .orderBy(...order.orderBy)
        .limit(f.limit + 1);
      return rows as (SummaryRow & { sortKey: string })[];
    },

    /** The project with the caller's access, or null when they may not open it. */
    async summary(userId: string, id: string): Promise<SummaryRow | null> {
      const [row] = await summaryQuery(db, userId)
        .where(and(eq(projects.id, id), or(eq(projects.ownerId, userId), isNotNull(projectMembers.userId))))
        .limit(1);
      return (row as SummaryRow | undefined) ?? null;
    },

    /**
     * Makes a project unless the owner already has `max`; null then. The owner's row is locked
     * first (no key update: no other insert naming the user waits), so parallel creates count one
     * after another, and the count in the insert sees every committed project.
     */
    async insertUnderCap(ownerId: string, values: { name: string; note: string }, max: number) {
      await db.execute(sql`select 1 from ${users} where ${users.id} = ${ownerId} for no key update`);
      const [row] = rowsOf<{ id: string }>(
        await db.execute(sql`
          insert into ${projects} (owner_id, name, note)
          select ${ownerId}::uuid, ${values.name}, ${values.note}
          where (select count(*) from ${projects} where owner_id = ${ownerId}) < ${max}
          returning id`),
      );
      return row?.id ?? null;
    },

    async update(id: string, patch: { name?: string; note?: string; coverImageId?: string | null }) {
      await db
        .update(projects)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(projects.id, id));
    },

    async setStyle(id: string, style: ProjectStyle | null, styleOn: boolean) {
      await db
        .update(projects)
        .set({ style, styleOn, updatedAt: sql`now()` })
        .where(eq(projects.id, id));
    },

    async styleOf(id: string) {
      const [row] = await db
        .select({ style: projects.style, styleOn: projects.styleOn, name: projects.name })
        .from(projects)
        .where(eq(projects.id, id))
        .limit(1);
      return row ?? null;
    },

    /** The stored keys of an image (the style's reference, which any member is shown). */
    async imageKeys(imageId: string) {
      const [row] = await db
        .select({ key: uploads.key, thumbKey: uploads.thumbKey })
        .from(uploads)
        .where(eq(uploads.id, imageId))
        .limit(1);
      return row ?? null;
    },

    /** Marks the project edited now (a view or version added, a version made current). */
    async touch(id: string) {
      await db
        .update(projects)
        .set({ updatedAt: sql`now()` })
        .where(eq(projects.id, id));
    },

    /**
     * Deletes the project, and in the same statement the studio drafts its owner and members kept in
     * it (their scope is its id, which no key ties to the project).
     */
    async remove(id: string) {
      await db.execute(sql`
        with gone as (delete from ${projects} where id = ${id} returning id, owner_id),
          people as (
            select owner_id as user_id from gone
            union all select m.user_id from ${projectMembers} m where m.project_id in (select id from gone))
        delete from ${studioDrafts} d
        where d.scope = ${id} and d.user_id in (select user_id from people)`);
    },

    /**
     * Takes a style's reference image that is gone out of the style (unless the style names another
     * one by now); the rest of the style stays as it was.
     */
    async dropStyleReference(id: string, imageId: string) {
      await db.execute(sql`
        update ${projects} set style = jsonb_set(style, '{referenceImageId}', 'null'::jsonb)
        where id = ${id} and style->>'referenceImageId' = ${imageId}`);
    },

    /** Whether the image is one of the project's versions. */
    async holdsImage(projectId: string, imageId: string) {
      const [row] = await db
        .select({ one: sql`1` })
        .from(projectVersions)
        .where(and(eq(projectVersions.projectId, projectId), eq(projectVersions.imageId, imageId)))
        .limit(1);
      return row !== undefined;
    },

    /** Drops a cover that is no longer an image of the project (its last version went). */
    async dropStaleCover(projectId: string) {
      await db.execute(sql`
        update ${projects} p set cover_image_id = null
        where p.id = ${projectId} and p.cover_image_id is not null
          and not exists (select 1 from ${projectVersions} pv where pv.project_id = p.id and pv.image_id = p.cover_image_id)`);
    },

    /** The user's folder, or null when it is not theirs. */
    async folderOf(userId: string, folderId: string) {
      const [row] = await db
        .select({ id: folders.id, name: folders.name })
        .from(folders)
        .where(and(eq(folders.id, folderId), eq(folders.userId, userId)))
        .limit(1);
      return row ?? null;
    },
  };
}
export type ProjectsRepository = ReturnType<typeof createProjectsRepository>;
