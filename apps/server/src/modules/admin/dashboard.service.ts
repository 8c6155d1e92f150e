import {
  TASK_STATES,
  type AdminDashboard,
  type DashboardDay,
  type DashboardEngineTasks,
  type DashboardFigures,
  type DashboardMoney,
  type TaskState,
} from '@turing/contract';
import { AppError } from '../../shared/app-error.ts';
import type { FleetService } from '../system/index.ts';
import type { Bucket, CompletionRow, DashboardRepository, MoneyRow } from './dashboard.repository.ts';

const DAY_MS = 86_400_000;

const noTasks = () => Object.fromEntries(TASK_STATES.map((s) => [s, 0])) as Record<TaskState, number>;
const isState = (s: string): s is TaskState => (TASK_STATES as readonly string[]).includes(s);
const noTime = () => ({ completed: 0, medianMs: null, p95Ms: null });

const noFigures = (): DashboardFigures => ({
  newUsers: 0,
  activeUsers: 0,
  tasks: noTasks(),
  images: 0,
  taskTime: noTime(),
  cubes: { charged: 0, refunded: 0, spent: 0 },
  revenue: [],
  refunds: [],
});

/** `count` calendar days from `first` (YYYY-MM-DD): dates carry no zone, so UTC arithmetic is exact. */
function calendar(first: string, count: number): string[] {
  const start = Date.parse(`${first}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(start + i * DAY_MS).toISOString().slice(0, 10));
}

const ms = (value: number | null) => (value === null ? null : Math.round(Number(value)));
const timeOf = (row: CompletionRow) => ({
  completed: row.completed,
  medianMs: ms(row.median),
  p95Ms: ms(row.p95),
});

const byMoney = (a: DashboardMoney, b: DashboardMoney) =>
  a.currency.localeCompare(b.currency) || a.provider.localeCompare(b.provider);
const moneyOf = (row: MoneyRow): DashboardMoney => ({
  currency: row.currency,
  provider: row.provider,
  orders: row.orders,
  amount: Number(row.amount),
});

export interface DashboardServiceDeps {
  dashboard: DashboardRepository;
  fleet: Pick<FleetService, 'inspect'>;
  now?: () => Date;
}

/** The console's dashboard: the business by day in the operator's zone, and the engines as they are now. */
export function createDashboardService(deps: DashboardServiceDeps) {
  const repo = deps.dashboard;
  const now = deps.now ?? (() => new Date());
  // The database's zone table changes only with its software: each name is asked about once.
  const zones = new Map<string, boolean>([['UTC', true]]);
  async function knowsZone(name: string) {
    let known = zones.get(name);
    if (known === undefined) zones.set(name, (known = await repo.knowsZone(name)));
    return known;
  }

  return {
    async view(q: { days: number; timeZone: string }): Promise<AdminDashboard> {
      if (!(await knowsZone(q.timeZone)))
        throw new AppError('VALIDATION', { details: [{ field: 'timeZone', code: 'VALIDATION' }] });
      const at = now();
      const range = await repo.range(at, q.timeZone, q.days);
      const [newUsers, active, states, completions, cubes, revenue, refunds, queues, engines] = await Promise.all([
        repo.newUsers(range),
        repo.activeUsers(range),
        repo.taskStates(range),
        repo.completions(range),
        repo.cubes(range),
        repo.revenue(range),
        repo.refunds(range),
        repo.queues(),
        deps.fleet.inspect(),
      ]);

      const days = new Map<string, DashboardDay>(
        calendar(range.from, q.days).map((date) => [date, { date, ...noFigures() }]),
      );
      const period = noFigures();
      const perEngine = new Map<string, DashboardEngineTasks>();
      const engineOf = (engine: string) => {
        let entry = perEngine.get(engine);
        if (!entry) perEngine.set(engine, (entry = { engine, tasks: noTasks(), images: 0, taskTime: noTime() }));
        return entry;
      };
      // A day's row, the period's (no day, no engine), or null for an engine's row.
      const spanOf = (row: Bucket): DashboardFigures | null | undefined =>
        row.day !== null ? days.get(row.day) : row.engine ? null : period;

      for (const row of newUsers) {
        const span = spanOf(row);
        if (span) span.newUsers = row.n;
      }
      for (const row of active) {
        const span = spanOf(row);
        if (span) span.activeUsers = row.n;
      }
      for (const row of states) {
        if (!isState(row.state)) continue;
        const span = spanOf(row);
        if (span) span.tasks[row.state] = row.n;
        else if (span === null && row.engine) engineOf(row.engine).tasks[row.state] = row.n;
      }
      for (const row of completions) {
        const span = spanOf(row);
        const target = span ?? (span === null && row.engine ? engineOf(row.engine) : undefined);
        if (!target) continue;
        target.images = Number(row.images);
        target.taskTime = timeOf(row);
      }
      for (const row of cubes) {
        const span = spanOf(row);
        if (!span) continue;
        const [charged, refunded] = [Number(row.charged), Number(row.refunded)];
        span.cubes = { charged, refunded, spent: charged - refunded };
      }
      for (const [rows, key] of [
        [revenue, 'revenue'],
        [refunds, 'refunds'],
      ] as const) {
        for (const row of rows) spanOf(row)?.[key].push(moneyOf(row));
      }
      for (const span of [period, ...days.values()]) {
        span.revenue.sort(byMoney);
        span.refunds.sort(byMoney);
      }

      const waiting = (engine: string, state: string) =>
        queues.find((r) => r.engine === engine && r.state === state)?.n ?? 0;
      const series = [...days.values()];
      const { date: _today, ...today } = days.get(range.to) ?? { date: range.to, ...noFigures() };
      return {
        timeZone: range.timeZone,
        from: range.from,
        to: range.to,
        today,
        period,
        days: series,
        byEngine: [...perEngine.values()].sort((a, b) => a.engine.localeCompare(b.engine)),
        engines: engines.map((e) => ({
          ...e,
          queued: waiting(e.name, 'queued'),
          generating: waiting(e.name, 'generating'),
        })),
        generatedAt: at.toISOString(),
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
