import type { FastifyBaseLogger } from 'fastify';
import type { TaskRow } from '../db/schema/index.ts';
import { EngineError } from './engine.ts';
import type { TaskLifecycle } from './lifecycle/index.ts';

/** While no generation server is available, a queued task asks again this often. */
export const WAIT_RETRY_SECONDS = 5;

/**
 * The engine of `row`, a task that waited for a server, has one again. The first task of its
 * engine's line that waits puts every one that waits back in line, in line order, and the workers
 * claim them as they come (a task behind them starts no sooner); the others ask again later, in case.
 */
export async function backInLine(
  deps: {
    lifecycle: TaskLifecycle;
    enqueueLater(taskId: string, seconds: number): Promise<void>;
    queued(engine: string): Promise<TaskRow[]>;
  },
  row: TaskRow,
) {
  const waiting = (await deps.queued(row.engine)).filter((r) => r.notice === 'waiting_for_server');
  if (!waiting.some((r) => r.id === row.id)) waiting.push(row);
  if (waiting[0]!.id !== row.id) return deps.enqueueLater(row.id, WAIT_RETRY_SECONDS);
  for (const r of waiting) await deps.lifecycle.serverBack(r.id);
}

/**
 * Turns how a run ended without results (an engine fault, a time-out, a cancel, this process
 * stopping) into the lifecycle's event for it: the lifecycle decides state, refund and retry.
 * `resumable`: the server holds the task and can be asked about it by the next process.
 */
export async function settleFailure(
  deps: {
    lifecycle: TaskLifecycle;
    log: FastifyBaseLogger;
    enqueueLater(taskId: string, seconds: number): Promise<void>;
  },
  id: string,
  err: unknown,
  reason: string | undefined,
  resumable = false,
) {
  const { lifecycle, log } = deps;
  const e = err instanceof EngineError ? err : null;
  if (reason === 'shutdown' && resumable) {
    // The server keeps working on it: the next process takes it up there (recover) instead of
    // sending it again, which a hosted provider would bill twice.
    log.info({ taskId: id }, 'stopping: the task stays with its server for the next process');
  } else if (reason === 'shutdown') {
    // This process is stopping: another one takes the task from the queue.
    await lifecycle.handBack(id);
  } else if (reason === 'timeout' || e?.kind === 'stalled') {
    await lifecycle.timedOut(id, e?.server);
  } else if (reason === 'cancel' || e?.kind === 'interrupted') {
    await lifecycle.interrupted(id);
  } else if (e?.kind === 'unavailable') {
    // Nothing ran anywhere: it waits for a server as if it had never left the queue.
    if (await lifecycle.notTaken(id)) await deps.enqueueLater(id, WAIT_RETRY_SECONDS);
  } else if (e?.kind === 'lost') {
    log.warn({ taskId: id, kind: e.kind, server: e.server, msg: e.message }, 'engine fault: moving the task');
    await lifecycle.fault(id, e.server);
  } else if (e?.kind === 'refused') {
    log.warn({ taskId: id, msg: e.message }, 'the provider refused the prompt or an image');
    await lifecycle.moderated(id, e.server);
  } else if (e?.kind === 'invalid') {
    log.warn({ taskId: id, msg: e.message }, 'engine refused the task');
    await lifecycle.refused(id, e.server, e.taskError);
  } else {
    log.error({ err, taskId: id }, 'task failed');
    await lifecycle.lost(id);
  }
}
