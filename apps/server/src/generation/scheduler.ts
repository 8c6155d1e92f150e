import type { TaskRow } from '../db/schema/index.ts';
import type { Engine } from './engine.ts';
import { TASK_QUEUED_CHANNEL, type LocalSlot } from './queue.ts';
import { recoverOrphans } from './recover.ts';
import { backInLine, WAIT_RETRY_SECONDS } from './settle-failure.ts';
import { runTask, type Start, type TaskRunDeps } from './task-run.ts';

export const CANCEL_CHANNEL = 'task_cancel';

export interface RunnerDeps<Stored = unknown> extends TaskRunDeps<Stored> {
  findTask(id: string): Promise<TaskRow | null>;
  engine(name: string): Promise<Engine>;
  /** `<nodeId>:<pid>:<random>`: a restarted node recognises its earlier processes by the prefix. */
  workerId: string;
  nodeId: string;
  /** Engines whose tasks this process claims from the queue as they arrive. */
  engineNames: readonly string[];
  /** Queued tasks of an engine, oldest first (for the ones whose engine has no server now). */
  queued(engine: string): Promise<TaskRow[]>;
}

/** A notification can be missed (a reconnect, a task of a node that died): the queue is read this often anyway. */
const SWEEP_MS = 2_000;

/**
 * Schedules the tasks handed over by the queue: claims them while this process has room (exactly
 * one process wins each), runs each one (task-run.ts), takes back the tasks of processes that
 * died (recover.ts), and passes cancels on to the running ones.
 */
export function createTaskRunner<Stored>(deps: RunnerDeps<Stored>) {
  const { lifecycle, log } = deps;
  const running = new Map<string, AbortController>();
  /** Places held for tasks being submitted in this process (see `localSlot`), counted as running. */
  let held = 0;
  let stopListening: (() => Promise<void>) | null = null;
  let beat: NodeJS.Timeout | null = null;
  let sweep: NodeJS.Timeout | null = null;
  let stopQueued: (() => Promise<void>) | null = null;

  /**
   * Runs a claimed task (see task-run.ts), counted as running here until it ends: the cancel
   * channel and the heartbeat find it by id. `taken`: taken up from an earlier process.
   */
  async function follow(claimed: TaskRow, engine: Engine, start: Start, taken = false) {
    const controller = new AbortController();
    running.set(claimed.id, controller);
    try {
      await runTask(deps, claimed, engine, start, { controller, taken });
    } finally {
      running.delete(claimed.id);
      // A slot is free: the next task in line, if the last pass left some for want of room (a task
      // queued since then announces itself).
      if (backlog) pump();
    }
  }

  /** Whether the task should wait: its engine has no server to take it (the fleet is down). */
  async function waitsForServer(row: TaskRow, engine: Engine) {
    if (engine.available()) return false;
    if (Date.now() - row.createdAt.getTime() >= deps.settings.timeoutMs) await lifecycle.timedOut(row.id);
    else {
      await lifecycle.waitForServer(row.id);
      await deps.enqueueLater(row.id, WAIT_RETRY_SECONDS);
    }
    return true;
  }

  /**
   * The engines whose tasks can be claimed now (those whose servers may queue a task noted in
   * `queueing`). Queued tasks of an engine without a server are told so once (their own job asks
   * again later, and times them out), as a task handed over by id is.
   */
  const queueing = new Set<string>();
  async function claimable() {
    const names: string[] = [];
    for (const name of deps.engineNames) {
      const engine = await deps.engine(name).catch(() => null);
      if (!engine) continue;
      if (!engine.available()) {
        for (const row of await deps.queued(name)) if (row.notice !== 'waiting_for_server') await run(row.id);
        continue;
      }
      names.push(name);
      if (engine.queuesAtServer) queueing.add(name);
    }
    return names;
  }

  let pumping: Promise<void> | null = null;
  let again = false;
  let stopped = true;
  let backlog = false;
  /**
   * Tasks announced since a claim last found the queue empty. A pass woken only by announcements
   * claims that many (it stops early when one finds nothing); a sweep, a freed slot or the start
   * reads the queue to its end. So a task announced on its own costs one claim, not a second one
   * that finds the queue empty.
   */
  let announced = 0;
  let readAll = false;
  /** Claims queued tasks while this process has room; one pass at a time, another if asked meanwhile. */
  function pump(reason: 'announced' | 'all' = 'all') {
    if (stopped || deps.signal.aborted) return;
    if (reason === 'announced') announced += 1;
    else readAll = true;
    if (pumping) {
      again = true;
      return;
    }
    pumping = (async () => {
      do {
        again = false;
        const toEnd = readAll;
        readAll = false;
        const engines = await claimable();
        backlog = false;
        for (;;) {
          if (stopped || deps.signal.aborted) break;
          if (running.size + held >= deps.settings.concurrency) {
            backlog = true;
            break;
          }
          if (!toEnd && announced <= 0) break;
          const claimed = await lifecycle.claimNext(deps.workerId, engines, [...queueing]);
          if (!claimed) {
            announced = 0;
            break;
          }
          announced = Math.max(0, announced - 1);
          const engine = await deps.engine(claimed.engine);
          follow(claimed, engine, (e, job, ctx) => e.run(job, ctx)).catch((err: unknown) =>
            log.error({ err, taskId: claimed.id }, 'task failed'),
          );
        }
      } while (again && !stopped);
    })()
      .catch((err: unknown) => log.error({ err }, 'claiming queued tasks failed'))
      .finally(() => {
        pumping = null;
      });
  }

  async function run(taskId: string) {
    if (deps.signal.aborted) return;
    const row = await deps.findTask(taskId);
    if (!row || row.state !== 'queued') return;
    const engine = await deps.engine(row.engine);
    if (await waitsForServer(row, engine)) return;
    if (row.notice === 'waiting_for_server') return backInLine(deps, row);
    // The task at the head of its engine's line, which may be an older one than this.
    const claimed = await lifecycle.claimNext(deps.workerId, [row.engine], engine.queuesAtServer ? [row.engine] : []);
    if (!claimed) return; // cancelled, or other workers have them
    await follow(claimed, engine, (e, job, ctx) => e.run(job, ctx));
  }

  /** Takes back tasks whose process died (see recover.ts). */
  const recover = (staleBefore: Date) =>
    recoverOrphans(
      {
        ...deps,
        running: (id: string) => running.has(id),
        follow: (row, engine, start) => follow(row, engine, start, true),
      },
      staleBefore,
    );

  /**
   * Holds a place for a task of `engine` submitted in this process, when there is room and the
   * engine has a server: the submit claims the task for it and hands it over here, without the
   * queue's notification and claim. Null when this process would not take the task now.
   */
  async function localSlot(engineName: string): Promise<LocalSlot | null> {
    if (stopped || deps.signal.aborted || !deps.engineNames.includes(engineName)) return null;
    if (running.size + held >= deps.settings.concurrency) return null;
    held += 1;
    let open = true;
    const close = () => {
      if (!open) return false;
      open = false;
      held -= 1;
      return true;
    };
    const engine = await deps.engine(engineName).catch(() => null);
    if (!engine?.available()) {
      close();
      return null;
    }
    return {
      workerId: deps.workerId,
      atServer: engine.queuesAtServer === true,
      async start(row) {
        if (!close()) return;
        if (stopped || deps.signal.aborted) {
          // Stopping meanwhile: the task waits in the queue for the next process, as a running one would.
          lifecycle.handBack(row.id).catch((err: unknown) => log.error({ err, taskId: row.id }, 'handing back failed'));
          return;
        }
        follow(row, engine, (e, job, ctx) => e.run(job, ctx)).catch((err: unknown) =>
          log.error({ err, taskId: row.id }, 'task failed'),
        );
        await new Promise((resolve) => setImmediate(resolve));
      },
      release() {
        // Its place may be what a task in line was waiting for.
        if (close() && backlog) pump();
      },
    };
  }

  return {
    run,
    recover,
    localSlot,
    running: () => running.size,
    /** Starts claiming queued tasks: at once, on every announcement, and every SWEEP_MS. */
    async dispatch() {
      stopped = false;
      stopQueued = await deps.database.listen(TASK_QUEUED_CHANNEL, () => pump('announced'));
      sweep = setInterval(() => pump(), SWEEP_MS).unref();
      pump();
    },
    async start() {
      stopListening = await deps.database.listen(CANCEL_CHANNEL, (taskId) => running.get(taskId)?.abort('cancel'));
      beat = setInterval(
        () => {
          lifecycle.heartbeat([...running.keys()]).catch(() => {});
        },
        Math.max(500, deps.settings.staleMs / 3),
      ).unref();
    },
    async stop() {
      stopped = true;
      if (beat) clearInterval(beat);
      if (sweep) clearInterval(sweep);
      await stopQueued?.();
      await pumping;
      await stopListening?.();
    },
  };
}
