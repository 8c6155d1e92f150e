import { z } from 'zod';
import { adminEndpoints } from './admin.roles.ts';
import { TASK_STATES } from './design.constants.ts';
import { route } from './route.ts';
import { adminEngine } from './system.admin.ts';

/** The periods the console offers; the call takes any length from 1 to DASHBOARD_DAYS_MAX days. */
export const DASHBOARD_PERIODS = [7, 30, 90] as const;
export const DASHBOARD_DAYS_MAX = 90;
export const DASHBOARD_DAYS_DEFAULT = 30;

// Names only (`Asia/Shanghai`, `UTC`, `Etc/GMT-8`): PostgreSQL reads a bare offset such as `+08:00`
// the POSIX way round (hours west of Greenwich), so one would shift every day the wrong way.
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;

/** The zone's canonical name, or null when neither the pattern nor the platform's zone table knows it. */
export function canonicalTimeZone(name: string): string | null {
  if (!ZONE_NAME.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const adminDashboardEndpoints = adminEndpoints({
  dashboard: { method: 'GET', path: '/admin/dashboard', auth: false, mutates: false, roles: ['finance'] },
});

export const dashboardQuery = z.object({
  /** The period: this many days up to and including today. */
  days: z.coerce
    .number({ error: 'VALIDATION' })
    .int('VALIDATION')
    .min(1, 'VALIDATION')
    .max(DASHBOARD_DAYS_MAX, 'VALIDATION')
    .default(DASHBOARD_DAYS_DEFAULT),
  /** The IANA zone whose midnights divide the days (the operator's own, as the browser reports it). */
  timeZone: z
    .string({ error: 'VALIDATION' })
    .trim()
    .max(64, 'VALIDATION')
    .transform((name, ctx) => {
      const zone = canonicalTimeZone(name);
      if (zone) return zone;
      ctx.addIssue({ code: 'custom', message: 'VALIDATION' });
      return z.NEVER;
    })
    .default('UTC'),
});
export type DashboardQuery = z.input<typeof dashboardQuery>;

const count = z.number().int();

/** Tasks by their state now, every state present. */
const taskStates = z.record(z.enum(TASK_STATES), count);

/** From submission to the finished result (what a user waits), over tasks completed in the span. */
const taskTime = z.object({
  completed: count,
  medianMs: z.number().nullable(),
  p95Ms: z.number().nullable(),
});

/** Paid or refunded orders of one currency through one provider; amounts in minor units (fen, cents). */
const money = z.object({ currency: z.string(), provider: z.string(), orders: count, amount: count });
export type DashboardMoney = z.infer<typeof money>;

/**
 * The figures of one span (a day, or the whole period):
 * - `newUsers`: accounts created in it;
 * - `activeUsers`: accounts that submitted a task or signed in (a session started) in it, each once;
 * - `tasks`: tasks submitted in it, by the state they are in now;
 * - `images` and `taskTime`: of tasks completed in it;
 * - `cubes`: charged for tasks, refunded for tasks, and spent (charged less refunded), from the ledger;
 * - `revenue`: orders paid in it (a later refund does not remove them: it is counted in `refunds`);
 * - `refunds`: orders refunded in it.
 */
export const dashboardFigures = z.object({
  newUsers: count,
  activeUsers: count,
  tasks: taskStates,
  images: count,
  taskTime,
  cubes: z.object({ charged: count, refunded: count, spent: count }),
  revenue: z.array(money),
  refunds: z.array(money),
});
export type DashboardFigures = z.infer<typeof dashboardFigures>;

export const dashboardDay = dashboardFigures.extend({ date: z.iso.date() });
export type DashboardDay = z.infer<typeof dashboardDay>;

/** One engine's share of the period: tasks submitted to it by state, and its completed tasks. */
export const dashboardEngineTasks = z.object({ engine: z.string(), tasks: taskStates, images: count, taskTime });
export type DashboardEngineTasks = z.infer<typeof dashboardEngineTasks>;

/** A configured engine as checked now, with its servers, and the tasks waiting for it and running on it. */
export const dashboardEngine = adminEngine.extend({ queued: count, generating: count });
export type DashboardEngine = z.infer<typeof dashboardEngine>;

export const adminDashboard = z.object({
  timeZone: z.string(),
  /** The first day of the period and today, in `timeZone`. */
  from: z.iso.date(),
  to: z.iso.date(),
  today: dashboardFigures,
  period: dashboardFigures,
  /** Every day of the period, oldest first (days with nothing in them hold zeros). */
  days: z.array(dashboardDay),
  byEngine: z.array(dashboardEngineTasks),
  engines: z.array(dashboardEngine),
  generatedAt: z.iso.datetime(),
});
export type AdminDashboard = z.infer<typeof adminDashboard>;

export const adminDashboardRoutes = {
  dashboard: route({
    ...adminDashboardEndpoints.dashboard,
    query: dashboardQuery,
    response: adminDashboard,
    summary:
      'The business today and over a period: users, tasks, images, task time, cubes, revenue, refunds, and the engines now',
  }),
};
