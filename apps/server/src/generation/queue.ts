import { fromPglite, PgBoss, type Job } from 'pg-boss';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { TaskRow } from '../db/schema/index.ts';

/** Every job the product runs: a name and its payload schema. Each has exactly one handler. */
const JOBS = {
  generate: z.object({ taskId: z.uuid() }),
  housekeeping: z.object({}),
  /** Every minute: pending WeChat Pay and Alipay orders and unconfirmed refunds asked of their providers. */
  payments: z.object({}),
  /** A scheduled backup (BACKUP_CRON): one archive into BACKUP_DIR, then the oldest beyond BACKUP_KEEP go. */
  backup: z.object({}),
  /** An e-mail or SMS whose first attempt met a passing fault (see messaging.service). */
  message: z.object({
    channel: z.enum(['phone', 'email']),
    to: z.string(),
    purpose: z.string(),
    code: z.string().nullable(),
    subject: z.string(),
    text: z.string(),
  }),
  /** The next attempt of a webhook delivery (its first is made when its task's change commits). */
  webhook: z.object({ deliveryId: z.uuid() }),
} as const;
export type JobName = keyof typeof JOBS;
export type JobData<N extends JobName> = z.infer<(typeof JOBS)[N]>;
/**
 * A task runs once (its own code decides about a retry on another server); housekeeping retries a
 * few times; a message retries with backoff for about two minutes, and as it may hold a
 * verification code in plain text, it is gone from the database a minute after it ends and
 * dropped unsent once the code it carries has expired (10 minutes).
 */
const QUEUE_OPTIONS = {
  generate: { notify: true, retryLimit: 0, expireInSeconds: 3600 },
  housekeeping: { notify: true, retryLimit: 3, expireInSeconds: 600 },
  // The next minute's run asks again: a failed one is not retried, and its rows go soon.
  payments: { notify: true, retryLimit: 0, expireInSeconds: 300, deleteAfterSeconds: 600 },
  // One backup at a time in the whole deployment (stately: one running, at most one more waiting,
  // so a backup that outlasts the interval does not pile up ticks); a failed one is tried once more.
  backup: { notify: true, policy: 'stately', retryLimit: 1, retryDelay: 300, expireInSeconds: 6 * 3600 },
  message: {
    notify: true,
    retryLimit: 6,
    retryDelay: 2,
    retryBackoff: true,
    retryDelayMax: 60,
    expireInSeconds: 60,
    deleteAfterSeconds: 60,
    retentionSeconds: 600,
  },
  // The delivery row holds the schedule and the log: a job only says "try now", once.
  webhook: { notify: true, retryLimit: 0, expireInSeconds: 300, deleteAfterSeconds: 3600 },
} satisfies Record<JobName, Parameters<PgBoss['createQueue']>[1]>;
type Handler<N extends JobName> = (data: JobData<N>, job: Job<unknown>) => Promise<void>;

/**
 * pg-boss on the product's own database: PGlite through its adapter (one process), PostgreSQL
 * directly with LISTEN/NOTIFY so a new job wakes a worker on any node at once.
 */
export function createJobQueue(database: Database, log: FastifyBaseLogger) {
  const boss =
    database.driver.kind === 'pglite'
      ? new PgBoss({
          db: fromPglite(database.driver.client),
          backend: 'pglite',
          schema: 'pgboss',
          useListenNotify: true,
        })
      : new PgBoss({
          connectionString: database.driver.url,
          max: Math.max(2, Math.ceil(database.driver.poolSize / 2)),
          schema: 'pgboss',
          useListenNotify: true,
        });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  const handlers = new Map<JobName, Handler<JobName>>();
  let started: Promise<unknown> | null = null;

  return {
    async start() {
      started ??= (async () => {
        await boss.start();
        for (const name of Object.keys(JOBS) as JobName[]) await boss.createQueue(name, QUEUE_OPTIONS[name]);
      })();
      await started;
    },

    /** `startAfter`: seconds before a worker may take it. */
    async send<N extends JobName>(
      name: N,
      data: JobData<N>,
      opts: { singletonKey?: string; startAfter?: number } = {},
    ) {
      await this.start();
      await boss.send(name, JOBS[name].parse(data), {
        ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
        ...(opts.startAfter ? { startAfter: opts.startAfter } : {}),
      });
    },

    /** Registers the one handler of a job; a second registration is a programming error. */
    handle<N extends JobName>(name: N, handler: Handler<N>) {
      if (handlers.has(name)) throw new Error(`job ${name} already has a handler`);
      handlers.set(name, handler as unknown as Handler<JobName>);
    },

    /** Starts workers for every registered job; refuses to run with a job nobody handles. */
    async work(opts: { concurrency: Partial<Record<JobName, number>> }) {
      await this.start();
      const missing = (Object.keys(JOBS) as JobName[]).filter((n) => !handlers.has(n));
      if (missing.length) throw new Error(`jobs without a handler: ${missing.join(', ')}`);
      for (const [name, handler] of handlers) {
        const concurrency = opts.concurrency[name] ?? 1;
        // Two pollers, each taking a batch and running it in parallel: a full batch fetches the
        // next one at once (burst), so a backlog drains at the workers' pace, not the poll interval.
        const pollers = Math.min(2, concurrency);
        await boss.work(
          name,
          {
            localConcurrency: pollers,
            batchSize: Math.max(1, Math.floor(concurrency / pollers)),
            burstWhenBatchFull: true,
            pollingIntervalSeconds: 0.5,
            notifyPollingIntervalSeconds: 2,
          },
          async (jobs: Job<unknown>[]) => {
            await Promise.all(jobs.map((job) => handler(JOBS[name].parse(job.data) as never, job)));
          },
        );
      }
    },

    schedule: (name: JobName, cron: string) => boss.schedule(name, cron, {}),
    /** Ends a schedule (the setting that made it was removed); none is not an error. */
    unschedule: (name: JobName) => boss.unschedule(name),

    async stop() {
      if (!started) return;
      await started.catch(() => {});
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;

/** Told when a task enters the queue; every worker process listens and claims what it has room for. */
export const TASK_QUEUED_CHANNEL = 'task_queued';

/** A notification that goes out with the commit of the transaction that sends it. */
export interface Announcement {
  channel: string;
  payload: string;
}

/**
 * A free place of a worker in this process, held for one task while it is submitted here, so the
 * submit can claim the task itself: it starts without a round trip through the queue.
 */
export interface LocalSlot {
  workerId: string;
  /** Its engine's work may wait in a server's own queue: the task is shown queued there until it starts. */
  atServer: boolean;
  /**
   * The submit claimed the task for this place (its transaction committed): the worker runs it.
   * Resolves after one turn of the event loop, in which the run gets as far as its first wait (for
   * most engines, its request has left): the submit's answer is rendered after that, not before.
   */
  start(row: TaskRow): Promise<void>;
  /** The task went into the queue after all (a task was waiting ahead of it), or the submit failed. */
  release(): void;
}

/**
 * Hands a queued task to the workers. The claim reads the queue itself (the tasks table, in line
 * order), so a NOTIFY is all it takes to wake them: `announcement` is that NOTIFY, sent in the
 * statement that publishes the task's event (no round trip of its own). A task waiting for a
 * generation server is not claimed that way: it has no announcement and `enqueue` gives it its
 * own job once its change has committed. `localSlot`: a place with the workers of this process,
 * once they are attached (ROLE=all); none on a node that only serves the API.
 */
export function createTaskAnnouncer(queue: Pick<JobQueue, 'send'>) {
  const waits = (row: Pick<TaskRow, 'notice'>) => row.notice === 'waiting_for_server';
  let local: ((engine: string) => Promise<LocalSlot | null>) | null = null;
  return {
    announcement: (row: Pick<TaskRow, 'engine' | 'notice'>): Announcement | null =>
      waits(row) ? null : { channel: TASK_QUEUED_CHANNEL, payload: row.engine },
    enqueue: async (row: Pick<TaskRow, 'id'>) => {
      await queue.send('generate', { taskId: row.id });
    },
    localSlot: (engine: string) => (local ? local(engine) : Promise.resolve(null)),
    /**
     * The workers of this process take submitted tasks directly from now on; returns the function
     * that stops it (what was attached before is attached again).
     */
    attachWorkers(slot: (engine: string) => Promise<LocalSlot | null>) {
      const before = local;
      local = slot;
      return () => {
        if (local === slot) local = before;
      };
    },
  };
}
