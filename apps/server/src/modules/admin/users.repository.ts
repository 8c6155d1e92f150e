import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PageRequest } from '@turing/contract';
import type { Db } from '../../db/client.ts';
import { keysetPage } from '../../db/paging.ts';
import { operators, orders, sessions, tasks, users, workReports, works } from '../../db/schema/index.ts';

/**
 * What a console search looks for; the service decides it from the text and the operator's role.
 * Patterns are LIKE patterns, already escaped and lower-cased.
 */
export interface UserMatch {
  id: string | null;
  /** The start of a username or a nickname. */
  namePattern: string | null;
  emailPattern: string | null;
  email: string | null;
  /** Digits anywhere in the phone number. */
  phoneDigits: string | null;
  phone: string | null;
  /** A whole national number: the phone is a country code of 1 to 3 digits and then these. */
  nationalNumber: string | null;
}

export type ReportFilter = 'open' | 'resolved' | 'dismissed' | 'all';

const count = (query: SQL) => sql<number>`(${query})::int`.mapWith(Number);
const inviter = alias(users, 'inviter');
const reporter = alias(users, 'reporter');

function matching(m: UserMatch): SQL | undefined {
  const phoneText = sql`coalesce(${users.phone}, '')`;
  const conditions = [
    m.id ? eq(users.id, m.id) : undefined,
    m.namePattern ? sql`lower(${users.username}) like ${m.namePattern}` : undefined,
    m.namePattern ? sql`lower(${users.nickname}) like ${m.namePattern}` : undefined,
    m.emailPattern ? sql`lower(${users.email}) like ${m.emailPattern}` : undefined,
    m.email ? sql`lower(${users.email}) = ${m.email}` : undefined,
    m.phoneDigits ? sql`${phoneText} like ${`%${m.phoneDigits}%`}` : undefined,
    m.phone ? eq(users.phone, m.phone) : undefined,
    m.nationalNumber
      ? sql`(${phoneText} like ${`+%${m.nationalNumber}`} and length(${phoneText}) - ${m.nationalNumber.length + 1}::int between 1 and 3)`
      : undefined,
  ].filter((c): c is SQL => c !== undefined);
  return conditions.length ? or(...conditions) : undefined;
}

/** The console's reads of one account and its history (queries only). */
export function createAdminUsersRepository(db: Db) {
  return {
    /** Accounts matching any part of `match`, newest first; every account when it names nothing. */
    search: (match: UserMatch | null, page: PageRequest) =>
      keysetPage(
        { sort: users.createdAt, id: users.id },
        page,
        ({ where, orderBy, limit, sortKey }) =>
          db
            .select({
              id: users.id,
              username: users.username,
              nickname: users.nickname,
              email: users.email,
              phone: users.phone,
              createdAt: users.createdAt,
              suspendedAt: users.suspendedAt,
              sortKey,
            })
            .from(users)
            .where(and(match ? matching(match) : undefined, where))
            .orderBy(...orderBy)
            .limit(limit),
        (row) => row.id,
      ),

    /** What the account's page shows beside its profile. */
    async figures(userId: string) {
      const [row] = await db
        .select({
          tasks: count(sql`select count(*) from ${tasks} where ${tasks.userId} = ${users.id}`),
          works: count(sql`select count(*) from ${works} where ${works.userId} = ${users.id}`),
          orders: count(sql`select count(*) from ${orders} where ${orders.userId} = ${users.id}`),
          openReports: count(
            sql`select count(*) from ${workReports} join ${works} on ${works.id} = ${workReports.workId}
                 where ${works.userId} = ${users.id} and ${workReports.status} = 'open'`,
          ),
          lastSignInAt:
            sql<Date | null>`(select max(${sessions.createdAt}) from ${sessions} where ${sessions.userId} = ${users.id})`.mapWith(
              sessions.createdAt,
            ),
          inviterId: inviter.id,
          inviterName: inviter.username,
          operatorRole: operators.role,
        })
        .from(users)
        .leftJoin(inviter, eq(inviter.id, users.invitedBy))
        .leftJoin(operators, eq(operators.userId, users.id))
        .where(eq(users.id, userId))
        .limit(1);
      return row ?? null;
    },

    tasks: (userId: string, page: PageRequest) =>
      keysetPage(
        { sort: tasks.createdAt, id: tasks.id },
        page,
        ({ where, orderBy, limit, sortKey }) =>
          db
            .select({
              id: tasks.id,
              state: tasks.state,
              mode: tasks.mode,
              model: sql<string | null>`${tasks.params}->>'model'`,
              quality: sql<string | null>`${tasks.params}->>'quality'`,
              count: sql<number>`coalesce((${tasks.params}->>'count')::int, 1)`.mapWith(Number),
              engine: tasks.engine,
              costCubes: tasks.costCubes,
              coveredByPlan: tasks.coveredByPlan,
              refunded: tasks.refunded,
              refundedCubes: tasks.refundedCubes,
              errorCode: tasks.errorCode,
              createdAt: tasks.createdAt,
              finishedAt: tasks.finishedAt,
              sortKey,
            })
            .from(tasks)
            .where(and(eq(tasks.userId, userId), where))
            .orderBy(...orderBy)
            .limit(limit),
        (row) => row.id,
      ),

    works: (userId: string, page: PageRequest) =>
      keysetPage(
        { sort: works.publishedAt, id: works.id },
        page,
        ({ where, orderBy, limit, sortKey }) =>
          db
            .select({
              id: works.id,
              title: works.title,
              state: works.state,
              hiddenReason: works.hiddenReason,
              hiddenBy: works.hiddenBy,
              likes: works.likeCount,
              collects: works.collectCount,
              openReports: count(
                sql`select count(*) from ${workReports} where ${workReports.workId} = ${works.id} and ${workReports.status} = 'open'`,
              ),
              reports: count(sql`select count(*) from ${workReports} where ${workReports.workId} = ${works.id}`),
              publishedAt: works.publishedAt,
              sortKey,
            })
            .from(works)
            .where(and(eq(works.userId, userId), where))
            .orderBy(...orderBy)
            .limit(limit),
        (row) => row.id,
      ),

    /** Reports against the account's works, newest first. */
    reports: (userId: string, status: ReportFilter, page: PageRequest) =>
      keysetPage(
        { sort: workReports.createdAt, id: workReports.id },
        page,
        ({ where, orderBy, limit, sortKey }) =>
          db
            .select({
              id: workReports.id,
              workId: workReports.workId,
              workTitle: works.title,
              workState: works.state,
              reporter: reporter.username,
              reason: workReports.reason,
              details: workReports.details,
              status: workReports.status,
              createdAt: workReports.createdAt,
              sortKey,
            })
            .from(workReports)
            .innerJoin(works, eq(works.id, workReports.workId))
            .leftJoin(reporter, eq(reporter.id, workReports.reporterId))
            .where(and(eq(works.userId, userId), status === 'all' ? undefined : eq(workReports.status, status), where))
            .orderBy(...orderBy)
            .limit(limit),
        (row) => row.id,
      ),
  };
}
export type AdminUsersRepository = ReturnType<typeof createAdminUsersRepository>;
