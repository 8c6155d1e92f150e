import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TaskNotice, TaskParams, TaskState } from '@turing/contract';
import { users } from './users.ts';

/** A generation task owns its whole life: parameters, engine, state, timing, cost and results. */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: text('mode').notNull(),
    /** The validated parameters exactly as submitted ("copy parameters" replays them). */
    params: jsonb('params').$type<TaskParams>().notNull(),
    promptOriginal: text('prompt_original').notNull().default(''),
    promptSent: text('prompt_sent').notNull().default(''),
    /**
     * The negative prompt as sent: the user's own and their word packages' negatives ('' for a
     * model that takes none). Null for tasks made before it was kept: their own negative is sent.
     */
    negativeSent: text('negative_sent'),
    translation: text('translation').notNull().default('not_needed'),
    engine: text('engine').notNull(),
    state: text('state').$type<TaskState>().notNull(),
    /** Bumped by every change, in the same statement; events carry it so late ones are ignored. */
    seq: integer('seq').notNull().default(1),
    progress: integer('progress').notNull().default(0),
    previewKey: text('preview_key'),
    /** Runs started (a retry after an engine fault is attempt 2). */
    attempt: integer('attempt').notNull().default(0),
    costCubes: integer('cost_cubes').notNull().default(0),
    coveredByPlan: boolean('covered_by_plan').notNull().default(false),
    refunded: boolean('refunded').notNull().default(false),
    /**
     * Images the task delivered, set when it completes (null before, and for tasks that ended
     * otherwise). Fewer than asked: the undelivered images' price went back (`refundedCubes`).
     */
    delivered: integer('delivered'),
    /** Cubes given back for images a completed task did not deliver (a full refund sets `refunded`). */
    refundedCubes: integer('refunded_cubes').notNull().default(0),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    errorCode: text('error_code'),
    /** Which process runs it and when it last said so; a stale heartbeat means the process died. */
    workerId: text('worker_id'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    server: text('server'),
    /** What the server accepted the run under (ComfyUI: prompt id), so a restarted node can ask about it. */
    engineRef: text('engine_ref'),
    /** Prompts ahead of it in the server's own queue, while sent but not yet started there. */
    serverAhead: integer('server_ahead'),
    /** What the user is told beyond the state: waiting_for_server, moved. */
    notice: text('notice').$type<TaskNotice>(),
    /** How long the engine itself worked on the last run (the rest of the time is the platform's). */
    engineMs: integer('engine_ms'),
    failedServers: jsonb('failed_servers').$type<string[]>().notNull().default([]),
    /**
     * The W3C `traceparent` of the submit, when tracing is on: the run's spans continue that trace on
     * whichever worker node claims the task (most tasks reach a worker without a job to carry it).
     */
    traceParent: text('trace_parent'),
    /** The endpoint this task's own `webhook.url` was given (public API), told of its events too. */
    webhookEndpointId: uuid('webhook_endpoint_id'),
    folderId: uuid('folder_id'),
    /** The project and view it was made in: its results join the view's versions when it completes. */
    projectId: uuid('project_id'),
    viewId: uuid('view_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('tasks_user_idx').on(t.userId, t.createdAt, t.id), index('tasks_state_idx').on(t.state, t.createdAt)],
);
export type TaskRow = typeof tasks.$inferSelect;

/** Task events kept for a day, so a reconnecting browser (Last-Event-ID) gets what it missed. */
export const taskEvents = pgTable(
  'task_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').notNull(),
    taskId: uuid('task_id').notNull(),
    seq: integer('seq').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('task_events_user_idx').on(t.userId, t.id)],
);

/**
 * One row per user: the balance kept in step with the ledger, and counters changed atomically.
 * `cubes` is the sum of the user's ledger rows. Only the reversal of a refunded order may take it
 * below zero: the part of the order the balance could not cover is a debt, which every later
 * credit (task refund, purchase, code, grant) pays first simply by adding to it.
 */
export const accounts = pgTable(
  'accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    cubes: integer('cubes').notNull().default(0),
    planUntil: timestamp('plan_until', { withTimezone: true }),
    /** Plan time a refunded order had granted but that was used already: later plan time pays it first. */
    planDebtSeconds: integer('plan_debt_seconds').notNull().default(0),
    /** Tasks queued or running, for the per-user cap. */
    activeTasks: integer('active_tasks').notNull().default(0),
    /** Invitations of this user that paid a bonus, for the per-inviter cap (INVITE_BONUS_MAX). */
    inviteBonuses: integer('invite_bonuses').notNull().default(0),
    /** When a task of this user last started: the fair queue serves the user served least recently. */
    servedAt: timestamp('served_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('accounts_active_non_negative', sql`${t.activeTasks} >= 0`),
    check('accounts_plan_debt_non_negative', sql`${t.planDebtSeconds} >= 0`),
  ],
);

/** Every change of a balance, once: the idempotency key makes a replayed change a no-op. */
export const ledger = pgTable(
  'ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    cubes: integer('cubes').notNull().default(0),
    planSeconds: integer('plan_seconds').notNull().default(0),
    idempotencyKey: text('idempotency_key').notNull(),
    taskId: uuid('task_id'),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_idempotency_idx').on(t.idempotencyKey),
    index('ledger_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Bilingual tags with the prompt text the engine reads. */
export const tags = pgTable(
  'tags',
  {
    slug: text('slug').notNull(),
    category: text('category').notNull(),
    /** architectural, interior or both */
    type: text('type').notNull(),
    labelEn: text('label_en').notNull(),
    labelZh: text('label_zh').notNull(),
    prompt: text('prompt').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('tags_slug_idx').on(t.category, t.slug)],
);

/** Word packages: recommended ones have no owner. */
export const wordPackages = pgTable(
  'word_packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameZh: text('name_zh'),
    positive: text('positive').notNull().default(''),
    negative: text('negative').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('word_packages_user_idx').on(t.userId, t.createdAt)],
);

/** Rolling average run time per mode, engine and quality: the queue's wait estimate reads it. */
export const engineStats = pgTable(
  'engine_stats',
  {
    mode: text('mode').notNull(),
    engine: text('engine').notNull(),
    quality: text('quality').notNull(),
    avgSeconds: doublePrecision('avg_seconds').notNull(),
    samples: integer('samples').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.mode, t.engine, t.quality] })],
);
