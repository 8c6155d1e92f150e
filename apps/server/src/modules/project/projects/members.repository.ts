import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { ProjectRole } from '@turing/contract';
import type { Db } from '../../../db/client.ts';
import { projectMembers, projects, studioDrafts, users } from '../../../db/schema/index.ts';
import { rowsOf } from './projects.repository.ts';

const personFields = {
  id: users.id,
  nickname: users.nickname,
  avatarKey: users.avatarKey,
  username: users.username,
};

/** Who works on a project besides its owner. */
export function createMembersRepository(db: Db) {
  const memberQuery = () =>
    db
      .select({ user: personFields, role: projectMembers.role, createdAt: projectMembers.createdAt })
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.userId))
      .$dynamic();

  return {
    async owner(projectId: string) {
      const [row] = await db
        .select(personFields)
        .from(projects)
        .innerJoin(users, eq(users.id, projects.ownerId))
        .where(eq(projects.id, projectId))
        .limit(1);
      return row ?? null;
    },

    list: (projectId: string) =>
      memberQuery()
        .where(eq(projectMembers.projectId, projectId))
        .orderBy(asc(projectMembers.createdAt), asc(projectMembers.userId)),

    async one(projectId: string, userId: string) {
      const [row] = await memberQuery()
        .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    /** The account with this e-mail address or username (either case), unless it is suspended. */
    async findUser(who: string) {
      const [row] = await db
        .select({ ...personFields, email: users.email })
        .from(users)
        .where(
          and(
            or(sql`lower(${users.email}) = lower(${who})`, sql`lower(${users.username}) = lower(${who})`),
            isNull(users.suspendedAt),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /**
     * Adds a member, or changes the role of one already there, unless that would pass `max`
     * members: 'full' then. Call it in a transaction: the project's row is locked first, so parallel
     * adds count one after another.
     */
    async upsertUnderCap(
      m: { projectId: string; userId: string; role: ProjectRole; addedBy: string },
      max: number,
    ): Promise<'added' | 'changed' | 'full'> {
      await db.execute(sql`select 1 from ${projects} where ${projects.id} = ${m.projectId} for no key update`);
      const changed = await db
        .update(projectMembers)
        .set({ role: m.role })
        .where(and(eq(projectMembers.projectId, m.projectId), eq(projectMembers.userId, m.userId)))
        .returning({ userId: projectMembers.userId });
      if (changed.length) return 'changed';
      const added = rowsOf<{ user_id: string }>(
        await db.execute(sql`
          insert into ${projectMembers} (project_id, user_id, role, added_by)
          select ${m.projectId}::uuid, ${m.userId}::uuid, ${m.role}, ${m.addedBy}::uuid
          where (select count(*) from ${projectMembers} where project_id = ${m.projectId}) < ${max}
          on conflict do nothing
          returning user_id`),
      );
      return added.length ? 'added' : 'full';
    },

    async setRole(projectId: string, userId: string, role: ProjectRole) {
      const rows = await db
        .update(projectMembers)
        .set({ role })
        .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
        .returning({ userId: projectMembers.userId });
      return rows.length > 0;
    },

    /**
     * Takes a member out, and in the same statement the studio drafts they kept in the project
     * (scope: its id), which they may no longer open. False when they were not a member.
     */
    async remove(projectId: string, userId: string) {
      const rows = rowsOf<{ user_id: string }>(
        await db.execute(sql`
          with gone as (
            delete from ${projectMembers} where project_id = ${projectId} and user_id = ${userId}
            returning user_id),
          drafts as (
            delete from ${studioDrafts} d
            where d.scope = ${projectId} and d.user_id in (select user_id from gone))
          select user_id from gone`),
      );
      return rows.length > 0;
    },
  };
}
export type MembersRepository = ReturnType<typeof createMembersRepository>;
