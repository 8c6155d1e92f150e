import type { DashboardMoney, TaskState } from '@turing/contract';

const localeOf = (lang: string) => (lang === 'zh' ? 'zh-CN' : 'en-US');

export const formatCount = (n: number, lang: string) => new Intl.NumberFormat(localeOf(lang)).format(n);

/** A task time: seconds up to two minutes, minutes past that; null when no task completed. */
export function formatDuration(ms: number | null, lang: string): string | null {
  if (ms === null) return null;
  const minutes = ms >= 120_000;
  return new Intl.NumberFormat(localeOf(lang), {
    style: 'unit',
    unit: minutes ? 'minute' : 'second',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(minutes ? ms / 60_000 : ms / 1000);
}

/** An amount in minor units, short enough for a chart's axis (¥1.2K, $350). */
export const formatCompactMoney = (minor: number, currency: string, lang: string) =>
  new Intl.NumberFormat(localeOf(lang), { style: 'currency', currency, notation: 'compact' }).format(minor / 100);

/** A day of the series (YYYY-MM-DD, already in the dashboard's zone) as a reader says it. */
export const longDate = (date: string, lang: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(localeOf(lang), {
    timeZone: 'UTC',
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });

/** The axis label of a day: month and day. */
export const shortDate = (date: string) => date.slice(5);

/** Orders and amounts per currency, over every provider (currencies are never added together). */
export function byCurrency(rows: DashboardMoney[]) {
  const totals = new Map<string, { currency: string; orders: number; amount: number }>();
  for (const row of rows) {
    const total = totals.get(row.currency) ?? { currency: row.currency, orders: 0, amount: 0 };
    total.orders += row.orders;
    total.amount += row.amount;
    totals.set(row.currency, total);
  }
  return [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/** Tasks not finished yet, and those that ended on a fault (their cubes went back). */
export const RUNNING_STATES = ['submitting', 'queued', 'generating'] as const satisfies readonly TaskState[];
export const FAILED_STATES = ['timed_out', 'lost'] as const satisfies readonly TaskState[];

export const sumOf = (tasks: Record<TaskState, number>, states: readonly TaskState[]) =>
  states.reduce((n, s) => n + tasks[s], 0);
export const totalTasks = (tasks: Record<TaskState, number>) => Object.values(tasks).reduce((n, v) => n + v, 0);
