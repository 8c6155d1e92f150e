import {
  seesContacts,
  type AdminUserDetail,
  type AdminUserReport,
  type AdminUserSummary,
  type AdminUserTask,
  type AdminUserWork,
  type LedgerEntry,
  type OperatorRole,
  type Page,
  type PageRequest,
} from '@turing/contract';
import type { ledger, UserRow } from '../../db/schema/index.ts';
import { mapPage } from '../../db/paging.ts';
import { AppError } from '../../shared/app-error.ts';
import { maskEmail, maskPhone, toProfile } from '../user/index.ts';
import type { AdminUsersRepository, ReportFilter, UserMatch } from './users.repository.ts';

export interface AdminUsersServiceDeps {
  users: AdminUsersRepository;
  /** The account an operator names: id, username, e-mail address or phone number. */
  findUser: (text: string) => Promise<UserRow | null>;
  balance: (
    userId: string,
  ) => Promise<{ cubes: number; debt: number; planDebtSeconds: number; planUntil: string | null }>;
  ledgerPage: (userId: string, page: PageRequest) => Promise<Page<{ entry: typeof ledger.$inferSelect }>>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PHONE_SEPARATORS = /[\s().-]/g;
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * What a search looks for. Names match from their start for every role. Contacts match in part
 * only for roles that see them in full: a role that sees them masked must type all of an address
 * or number, so trying prefixes cannot spell out a contact it is not shown.
 */
function matchFor(text: string, fullContacts: boolean): UserMatch | null {
  const q = text.trim();
  if (!q) return null;
  const lower = q.toLowerCase();
  const phone = q.replace(PHONE_SEPARATORS, '');
  const phoneLike = /^\+?\d{4,}$/.test(phone);
  const digits = phone.replace('+', '');
  const international = phone.startsWith('+');
  return {
    id: UUID.test(q) ? lower : null,
    namePattern: `${likeEscape(lower)}%`,
    emailPattern: fullContacts ? `${likeEscape(lower)}%` : null,
    email: !fullContacts && q.includes('@') ? lower : null,
    phoneDigits: fullContacts && phoneLike ? digits : null,
    phone: !fullContacts && phoneLike && international ? phone : null,
    // A national number may be written with its trunk prefix (0 in many countries).
    nationalNumber: !fullContacts && phoneLike && !international ? digits.replace(/^0/, '') : null,
  };
}

/** The console's view of users: finding them, and one account's figures and history. */
export function createAdminUsersService(deps: AdminUsersServiceDeps) {
  const { users } = deps;

  async function named(text: string) {
    const user = await deps.findUser(text);
    if (!user) throw new AppError('USER_NOT_FOUND');
    return user;
  }

  const contactsFor = (role: OperatorRole, u: { email: string | null; phone: string | null }) => {
    const full = seesContacts(role);
    return {
      email: u.email && !full ? maskEmail(u.email) : u.email,
      phone: u.phone && !full ? maskPhone(u.phone) : u.phone,
    };
  };

  const summary = (
    role: OperatorRole,
    u: Omit<AdminUserSummary, 'createdAt' | 'suspendedAt'> & {
      createdAt: Date;
      suspendedAt: Date | null;
    },
  ): AdminUserSummary => ({
    id: u.id,
    username: u.username,
    nickname: u.nickname,
    ...contactsFor(role, u),
    createdAt: u.createdAt.toISOString(),
    suspendedAt: iso(u.suspendedAt),
  });

  return {
    async search(q: string, page: PageRequest, role: OperatorRole) {
      const found = await users.search(matchFor(q, seesContacts(role)), page);
      return { ...mapPage(found, (u) => summary(role, u)), contactsMasked: !seesContacts(role) };
    },

    async detail(text: string, role: OperatorRole): Promise<AdminUserDetail> {
      const user = await named(text);
      const [balance, figures] = await Promise.all([deps.balance(user.id), users.figures(user.id)]);
      const profile = toProfile(user);
      return {
        user: {
          ...summary(role, user),
          avatarUrl: profile.avatarUrl,
          occupation: profile.occupation,
          isVip: profile.isVip,
          wechatBound: profile.wechatBound,
          lastSignInAt: iso(figures?.lastSignInAt ?? null),
          invitedBy:
            figures?.inviterId && figures.inviterName ? { id: figures.inviterId, username: figures.inviterName } : null,
          operatorRole: (figures?.operatorRole as OperatorRole | null | undefined) ?? null,
        },
        contactsMasked: !seesContacts(role),
        balance,
        counts: {
          tasks: figures?.tasks ?? 0,
          works: figures?.works ?? 0,
          orders: figures?.orders ?? 0,
          openReports: figures?.openReports ?? 0,
        },
      };
    },

    async ledger(text: string, page: PageRequest): Promise<Page<LedgerEntry>> {
      const user = await named(text);
      return mapPage(await deps.ledgerPage(user.id, page), ({ entry }) => ({
        id: entry.id,
        kind: entry.kind as LedgerEntry['kind'],
        cubes: entry.cubes,
        planSeconds: entry.planSeconds,
        note: entry.note,
        taskId: entry.taskId,
        createdAt: entry.createdAt.toISOString(),
      }));
    },

    async tasks(text: string, page: PageRequest): Promise<Page<AdminUserTask>> {
      const user = await named(text);
      return mapPage(await users.tasks(user.id, page), (t) => ({
        id: t.id,
        state: t.state,
        mode: t.mode as AdminUserTask['mode'],
        model: t.model,
        quality: t.quality,
        count: t.count,
        engine: t.engine,
        cost: {
          cubes: t.costCubes,
          coveredByPlan: t.coveredByPlan,
          refunded: t.refunded,
          refundedCubes: t.refundedCubes,
        },
        errorCode: t.errorCode,
        createdAt: t.createdAt.toISOString(),
        finishedAt: iso(t.finishedAt),
      }));
    },

    async works(text: string, page: PageRequest): Promise<Page<AdminUserWork>> {
      const user = await named(text);
      return mapPage(await users.works(user.id, page), (w) => ({
        id: w.id,
        title: w.title,
        state: w.state as AdminUserWork['state'],
        hiddenReason: w.hiddenReason,
        hiddenBy: w.hiddenBy,
        likes: w.likes,
        collects: w.collects,
        reports: { open: w.openReports, total: w.reports },
        publishedAt: w.publishedAt.toISOString(),
      }));
    },

    async reports(text: string, status: ReportFilter, page: PageRequest): Promise<Page<AdminUserReport>> {
      const user = await named(text);
      return mapPage(await users.reports(user.id, status, page), ({ sortKey: _, ...r }) => ({
        ...r,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  };
}
export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
