import { and, eq } from 'drizzle-orm';
import type { ProjectAccess } from '@turing/contract';
import type { Db } from '../../db/client.ts';
import { projectMembers, projects } from '../../db/schema/index.ts';
import { AppError } from '../../shared/app-error.ts';

/** What each access may do; a higher rank may do everything a lower one may. */
const RANK: Record<ProjectAccess, number> = { viewer: 1, commenter: 2, editor: 3, owner: 4 };

/** Whether `access` is at least `needed` (the owner passes every check). */
export const allows = (access: ProjectAccess, needed: ProjectAccess) => RANK[access] >= RANK[needed];

/**
 * The caller's access to a project: owner, a member's role, or null when they may not open it. One
 * indexed lookup, read at every call, so a removed member or a changed role counts at once.
 */
export async function projectAccess(db: Db, projectId: string, userId: string): Promise<ProjectAccess | null> {
  const [row] = await db
    .select({ ownerId: projects.ownerId, role: projectMembers.role })
    .from(projects)
    .leftJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)))
    .where(eq(projects.id, projectId))
    .limit(1);
  if (!row) return null;
  if (row.ownerId === userId) return 'owner';
  return row.role ?? null;
}

/**
 * The caller's access when it allows `needed`. A project the caller may not open is "not found",
 * whatever it holds (no one learns that it exists); one they may open but not change this way is
 * "forbidden", naming their role.
 */
export async function requireAccess(db: Db, projectId: string, userId: string, needed: ProjectAccess) {
  return assertAccess(await projectAccess(db, projectId, userId), needed);
}

/**
 * `requireAccess` on an access already read: "not found" (`notFound`, e.g. VIEW_NOT_FOUND for a call
 * that names a view) when there is none, "forbidden" when it is too low.
 */
export function assertAccess(
  access: ProjectAccess | null,
  needed: ProjectAccess,
  notFound: 'PROJECT_NOT_FOUND' | 'VIEW_NOT_FOUND' = 'PROJECT_NOT_FOUND',
): ProjectAccess {
  if (!access) throw new AppError(notFound);
  if (!allows(access, needed)) throw new AppError('PROJECT_FORBIDDEN', { params: { role: access } });
  return access;
}
