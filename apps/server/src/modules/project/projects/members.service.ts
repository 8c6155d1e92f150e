import type { Locale, ProjectMember, ProjectRole } from '@turing/contract';
import type { Scoped, Transactor } from '../../../db/scoped.ts';
import { AppError } from '../../../shared/app-error.ts';
import { assertAccess } from '../project-access.ts';
import { memberAddedMail } from './member-mail.ts';
import type { MembersRepository } from './members.repository.ts';
import { personOf } from './project-dto.ts';
import { ACCESS_NEEDED, type ProjectOperation } from './project-rules.ts';
import { PROJECT_CAPS, type ProjectCaps, type ProjectsDeps } from './projects.service.ts';

export interface MembersDeps {
  members: Scoped<MembersRepository>;
  transaction: Transactor;
  access: ProjectsDeps['access'];
  /** The project's name (for the notice). */
  projectName(projectId: string): Promise<string>;
  /** Sends a notice by e-mail; false when no mail service is set up. */
  mail(mail: { to: string; subject: string; text: string; purpose: string }): Promise<boolean>;
  /** The app's address, for the link in the notice. */
  publicUrl: string;
  log: { error(fields: Record<string, unknown>, msg: string): void };
  caps?: ProjectCaps;
}

type MemberRow = NonNullable<Awaited<ReturnType<MembersRepository['one']>>>;
const memberOf = (row: MemberRow): ProjectMember => ({
  user: { ...personOf(row.user), username: row.user.username },
  role: row.role,
  createdAt: row.createdAt.toISOString(),
});

/** Who works on a project: the owner invites, changes roles and removes; members may leave. */
export function createMembersService(deps: MembersDeps) {
  const caps = deps.caps ?? PROJECT_CAPS;
  const repo = deps.members.pool;
  const need = async (projectId: string, userId: string, op: ProjectOperation) =>
    assertAccess(await deps.access(projectId, userId), ACCESS_NEEDED[op]);

  async function member(projectId: string, userId: string) {
    const row = await repo.one(projectId, userId);
    if (!row) throw new AppError('MEMBER_NOT_FOUND');
    return memberOf(row);
  }

  /** Tells the new member by e-mail; a failed delivery must not undo the membership. */
  async function notify(projectId: string, inviter: string, to: string, role: ProjectRole, locale: Locale) {
    try {
      const link = `${deps.publicUrl}/#/project/${encodeURIComponent(projectId)}`;
      const projectName = await deps.projectName(projectId);
      const mail = memberAddedMail({ projectName, inviter, role, locale, link });
      await deps.mail({ to, ...mail, purpose: 'project-member' });
    } catch (err) {
      deps.log.error({ err, projectId }, 'project member notice not delivered');
    }
  }

  return {
    async list(userId: string, projectId: string) {
      await need(projectId, userId, 'members');
      const [owner, members] = await Promise.all([repo.owner(projectId), repo.list(projectId)]);
      if (!owner) throw new AppError('PROJECT_NOT_FOUND');
      return { owner: personOf(owner), members: members.map(memberOf) };
    },

    /**
     * Adds a user by e-mail address or username, or gives one already there the new role. A new
     * member is told by e-mail and finds the project in their workspace.
     */
    async add(userId: string, body: { projectId: string; who: string; role: ProjectRole }, locale: Locale) {
      const { projectId, role } = body;
      await need(projectId, userId, 'memberAdd');
      const user = await repo.findUser(body.who);
      if (!user) throw new AppError('MEMBER_USER_NOT_FOUND');
      if (user.id === userId) throw new AppError('MEMBER_IS_OWNER');
      const outcome = await deps.transaction((tx) =>
        deps.members.in(tx).upsertUnderCap({ projectId, userId: user.id, role, addedBy: userId }, caps.members),
      );
      if (outcome === 'full') throw new AppError('MEMBER_LIMIT', { params: { max: caps.members } });
      if (outcome === 'added' && user.email) {
        const inviter = (await repo.owner(projectId))?.nickname ?? '';
        await notify(projectId, inviter, user.email, role, locale);
      }
      return member(projectId, user.id);
    },

    async setRole(userId: string, body: { projectId: string; userId: string; role: ProjectRole }) {
      await need(body.projectId, userId, 'memberRole');
      if (!(await repo.setRole(body.projectId, body.userId, body.role))) throw new AppError('MEMBER_NOT_FOUND');
      return member(body.projectId, body.userId);
    },

    /** Removes a member, with their drafts in the project; their very next call on it finds nothing. */
    async remove(userId: string, body: { projectId: string; userId: string }) {
      await need(body.projectId, userId, 'memberRemove');
      if (!(await repo.remove(body.projectId, body.userId))) throw new AppError('MEMBER_NOT_FOUND');
      return { ok: true as const };
    },

    /** A member leaves, their drafts in the project with them; the owner cannot (they delete the project instead). */
    async leave(userId: string, projectId: string) {
      const access = await deps.access(projectId, userId);
      if (!access) throw new AppError('PROJECT_NOT_FOUND');
      if (access === 'owner') throw new AppError('MEMBER_IS_OWNER');
      await repo.remove(projectId, userId);
      return { ok: true as const };
    },
  };
}
export type MembersService = ReturnType<typeof createMembersService>;
