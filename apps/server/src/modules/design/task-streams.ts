import type { ServerResponse } from 'node:http';
import { and, asc, eq, gt } from 'drizzle-orm';
import { errorMessage, isFinished, isErrorCode, type Locale, type Task } from '@turing/contract';
import type { Database } from '../../db/client.ts';
import { taskEvents } from '../../db/schema/index.ts';

const KEEPALIVE_MS = 20_000;
/** Streams of single tasks one user may hold open at once (a batch script waits on several). */
const PER_USER = 32;

/** A stored event as a client reads it: its error with the message in the client's language. */
export function withMessage(stored: Record<string, unknown>, locale: Locale) {
  const payload = stored as Omit<Task, 'error'> & { error: { code: string } | null };
  const error = payload.error
    ? {
        code: payload.error.code,
        msg: isErrorCode(payload.error.code) ? errorMessage(payload.error.code, locale) : payload.error.code,
      }
    : null;
  return { ...payload, error };
}

interface TaskStream {
  res: ServerResponse;
  locale: Locale;
  taskId: string;
  /** The task's `seq` last written: a client resumes with it as Last-Event-ID. */
  lastSeq: number;
  busy: Promise<void>;
}

/**
 * Streams of one task each, for programs (GET /turing/v1/tasks/:id/events): the task as it is now,
 * then each change, ending after its final state. Fed by the same notifications as the studio's
 * per-user streams (task-events.ts), filtered by task; events carry the task's seq as their id.
 */
export function createTaskStreams(database: Database) {
  const streams = new Map<string, Set<TaskStream>>();

  const write = (stream: TaskStream, payload: Record<string, unknown>) => {
    const task = payload as Pick<Task, 'id' | 'seq' | 'state'>;
    if (task.id !== stream.taskId || stream.res.writableEnded) return;
    if (task.seq <= stream.lastSeq) {
      // Known already (a client resuming after the end sends the last seq): a finished task's stream ends.
      if (isFinished(task.state)) stream.res.end();
      return;
    }
    stream.res.write(`id: ${task.seq}\nevent: task\ndata: ${JSON.stringify(withMessage(payload, stream.locale))}\n\n`);
    stream.lastSeq = task.seq;
    if (isFinished(task.state)) stream.res.end();
  };

  /** An event too large to travel in its notification: this task's newer rows are read. */
  const readNewer = (stream: TaskStream) => {
    stream.busy = stream.busy
      .then(async () => {
        if (stream.res.writableEnded) return;
        const rows = await database.db
          .select({ payload: taskEvents.payload })
          .from(taskEvents)
          .where(and(eq(taskEvents.taskId, stream.taskId), gt(taskEvents.seq, stream.lastSeq)))
          .orderBy(asc(taskEvents.seq));
        for (const row of rows) write(stream, row.payload);
      })
      .catch(() => {});
  };

  return {
    /** A notification of `<user> <event id> <payload>` (or `<user>` alone), as task-events.ts reads it. */
    notified(userId: string, message: string, cut: number) {
      const open = streams.get(userId);
      if (!open) return;
      let payload: Record<string, unknown> | null = null;
      if (cut >= 0) {
        try {
          payload = JSON.parse(message.slice(message.indexOf(' ', cut + 1) + 1)) as Record<string, unknown>;
        } catch {
          payload = null;
        }
      }
      for (const stream of open) {
        if (payload) {
          const ready = payload;
          stream.busy = stream.busy.then(() => write(stream, ready)).catch(() => {});
        } else readNewer(stream);
      }
    },

    /**
     * Serves the stream. `current` reads the task as it is (registered first, so no change between
     * the read and the registration is missed; older ones are skipped by their seq).
     */
    async attach(
      userId: string,
      taskId: string,
      res: ServerResponse,
      opts: { locale: Locale; lastSeq: number; signal: AbortSignal; current: () => Promise<Record<string, unknown>> },
    ) {
      const stream: TaskStream = { res, locale: opts.locale, taskId, lastSeq: opts.lastSeq, busy: Promise.resolve() };
      let set = streams.get(userId);
      if (!set) streams.set(userId, (set = new Set()));
      for (const old of [...set].slice(0, Math.max(0, set.size - PER_USER + 1))) {
        set.delete(old);
        old.res.end();
      }
      set.add(stream);
      const keepalive = setInterval(() => res.write(': keep-alive\n\n'), KEEPALIVE_MS);
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(keepalive);
        opts.signal.removeEventListener('abort', close);
        set.delete(stream);
        // Only this stream's set: the user may have opened a new one since this set emptied.
        if (!set.size && streams.get(userId) === set) streams.delete(userId);
        if (!res.writableEnded) res.end();
      };
      res.on('close', close);
      res.on('finish', close);
      opts.signal.addEventListener('abort', close, { once: true });
      if (opts.signal.aborted) return close();
      res.write('retry: 3000\n\n');
      stream.busy = stream.busy
        .then(async () => write(stream, await opts.current()))
        .catch(() => {
          close();
        });
      await stream.busy;
    },

    open() {
      let n = 0;
      for (const set of streams.values()) n += set.size;
      return n;
    },

    stop() {
      for (const set of streams.values()) for (const s of set) s.res.end();
      streams.clear();
    },
  };
}
