import type { ServerResponse } from 'node:http';
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Locale, Task } from '@turing/contract';
import type { Database, Db } from '../../db/client.ts';
import type { Announcement } from '../../generation/index.ts';
import { taskEvents } from '../../db/schema/index.ts';
import { createTaskStreams, withMessage } from './task-streams.ts';

const CHANNEL = 'task_events';
/** A comment line now and then keeps proxies from closing an idle stream. */
const KEEPALIVE_MS = 20_000;
const REPLAY_MAX = 500;
/**
 * An event up to this size travels in its notification (PostgreSQL takes payloads under 8000
 * bytes), so the nodes forward it without reading it back; a larger one is read from its row.
 */
const INLINE_MAX_BYTES = 7_000;

export type TaskEventPayload = Omit<Task, 'error'> & { error: { code: string } | null };

interface Stream {
  res: ServerResponse;
  locale: Locale;
  lastId: number;
  /** Serialises writes: a notify arriving mid-replay waits for it. */
  busy: Promise<void>;
}

/**
 * Live task events. Each change is a row (kept a day) written in the same transaction as the
 * change, plus a NOTIFY delivered at commit; every API node LISTENs and forwards a user's rows to
 * that user's open streams in id order. A reconnecting browser sends Last-Event-ID and gets the
 * rows it missed, so nothing is lost between nodes or reconnections.
 */
export function createTaskEvents(database: Database, limits: { perUser: number } = { perUser: 6 }) {
  const streams = new Map<string, Set<Stream>>();
  let stopListening: (() => Promise<void>) | null = null;

  const write = (stream: Stream, rows: { id: number; payload: Record<string, unknown> }[]) => {
    for (const row of rows) {
      stream.res.write(
        `id: ${row.id}\nevent: task\ndata: ${JSON.stringify(withMessage(row.payload, stream.locale))}\n\n`,
      );
      stream.lastId = row.id;
    }
  };
  const one = createTaskStreams(database);

  /** An event that came with its notification: written unless the stream has it already. */
  const deliverRow = (stream: Stream, row: { id: number; payload: Record<string, unknown> }) => {
    stream.busy = stream.busy
      .then(() => {
        if (!stream.res.destroyed && row.id > stream.lastId) write(stream, [row]);
      })
      .catch(() => {});
    return stream.busy;
  };

  const deliver = (userId: string, stream: Stream) => {
    stream.busy = stream.busy
      .then(async () => {
        if (stream.res.destroyed) return;
        const rows = await database.db
          .select({ id: taskEvents.id, payload: taskEvents.payload })
          .from(taskEvents)
          .where(and(eq(taskEvents.userId, userId), gt(taskEvents.id, stream.lastId)))
          .orderBy(asc(taskEvents.id))
          .limit(REPLAY_MAX);
        write(stream, rows);
      })
      .catch(() => {});
    return stream.busy;
  };

  return {
    async start() {
      // `<user> <event id> <payload>`, or `<user>` alone for an event too large to travel along.
      // PostgreSQL delivers notifications in commit order, so rows arrive as they were committed.
      stopListening = await database.listen(CHANNEL, (message) => {
        const cut = message.indexOf(' ');
        const userId = cut < 0 ? message : message.slice(0, cut);
        one.notified(userId, message, cut);
        const open = streams.get(userId);
        if (!open) return;
        if (cut < 0) {
          for (const stream of open) deliver(userId, stream).catch(() => {});
          return;
        }
        const next = message.indexOf(' ', cut + 1);
        let row: { id: number; payload: Record<string, unknown> } | null = null;
        try {
          row = { id: Number(message.slice(cut + 1, next)), payload: JSON.parse(message.slice(next + 1)) };
        } catch {
          // Never thrown into the driver's notification handler: the rows are read instead.
        }
        for (const stream of open) (row ? deliverRow(stream, row) : deliver(userId, stream)).catch(() => {});
      });
    },
    async stop() {
      await stopListening?.();
      for (const set of streams.values()) for (const s of set) s.res.end();
      streams.clear();
      one.stop();
    },

    /** Serves one task's events to a program (the public API) until the task ends or the stream closes. */
    attachTask: one.attach,

    /**
     * Records one task change inside the caller's transaction (`tx`; null: on its own, at once);
     * delivered once it commits. `also`: another notification that goes out with the same commit
     * (a queued task's announcement).
     */
    async publish(tx: Db | null, userId: string, payload: TaskEventPayload, also?: Announcement | null) {
      // One statement: the row, and the notifications that go out with the commit (the event
      // itself travels in its own when it is small enough).
      await (tx ?? database.db).execute(sql`
        with p as (select ${JSON.stringify(payload)}::text as j),
        stored as (
          insert into ${taskEvents} (user_id, task_id, seq, payload)
          select ${userId}, ${payload.id}, ${payload.seq}, p.j::jsonb from p
          returning id
        )
        select pg_notify(${CHANNEL}, case when octet_length(p.j) <= ${INLINE_MAX_BYTES}
            then ${userId} || ' ' || s.id || ' ' || p.j else ${userId} end)${also ? sql`, pg_notify(${also.channel}, ${also.payload})` : sql``}
        from stored s, p`);
    },

    /** Serves one browser's stream until it closes or the process drains. */
    async attach(
      userId: string,
      res: ServerResponse,
      opts: { locale: Locale; lastEventId: number; signal: AbortSignal },
    ) {
      let lastId = opts.lastEventId;
      if (!lastId) {
        // A fresh stream starts now: the page loads current state through the task calls.
        const [row] = await database.db
          .select({ max: sql<number>`coalesce(max(${taskEvents.id}), 0)::int` })
          .from(taskEvents)
          .where(eq(taskEvents.userId, userId));
        lastId = Number(row?.max ?? 0);
      }
      const stream: Stream = { res, locale: opts.locale, lastId, busy: Promise.resolve() };
      let set = streams.get(userId);
      if (!set) streams.set(userId, (set = new Set()));
      // A few tabs are normal; more is a leak or abuse: the oldest stream gives way (its browser reconnects if it is still open).
      for (const old of [...set].slice(0, Math.max(0, set.size - limits.perUser + 1))) {
        set.delete(old);
        old.res.end();
      }
      set.add(stream);
      res.write('retry: 3000\n\n');
      const keepalive = setInterval(() => res.write(': keep-alive\n\n'), KEEPALIVE_MS);
      const close = () => {
        clearInterval(keepalive);
        set.delete(stream);
        if (!set.size) streams.delete(userId);
        if (!res.writableEnded) res.end();
      };
      res.on('close', close);
      opts.signal.addEventListener('abort', close, { once: true });
      if (opts.signal.aborted) close();
      else await deliver(userId, stream);
    },

    /** Streams open on this node (the metrics read it when scraped). */
    open() {
      let n = one.open();
      for (const set of streams.values()) n += set.size;
      return n;
    },

    /** Housekeeping: events older than a day are no longer replayed. */
    async sweep(now = new Date()) {
      const rows = await database.db
        .delete(taskEvents)
        .where(lt(taskEvents.createdAt, new Date(now.getTime() - 86_400_000)))
        .returning({ id: taskEvents.id });
      return rows.length;
    },
  };
}
export type TaskEvents = ReturnType<typeof createTaskEvents>;
