import type { TaskEvents } from './task-events.ts';
import type { TaskPayloads } from './task-payload.ts';
import type { TaskRepository } from './task.repository.ts';

/** A queued task is told its new place and wait at most this often. */
const QUEUE_UPDATE_MS = 1_000;

/**
 * Keeps the owners of queued tasks told where they stand: when the line of an engine moves (a
 * task ahead was claimed, cancelled or came back, a run ended), every task queued there whose place
 * or wait changed gets an event with them, through the same path as every task event (so the
 * owner's streams on every node show it). Coalesced per engine: one pass a second at most, which
 * reads the whole line in one query; a task whose place and wait did not change gets nothing.
 */
export function createQueueUpdates(deps: {
  tasks: Pick<TaskRepository, 'lineOfEngine'>;
  payloads: Pick<TaskPayloads, 'payloadOf' | 'baseImagesOf'>;
  events: Pick<TaskEvents, 'publish'>;
  log: { warn(obj: object, msg: string): void };
}) {
  /** Per engine: a pass waiting for its time, one under way, another asked for meanwhile. */
  const passes = new Map<string, { timer?: NodeJS.Timeout; running?: boolean; again?: boolean; last: number }>();
  /** Per engine: what each of its queued tasks was last told here ("place/wait"). */
  const told = new Map<string, Map<string, string>>();
  let stopped = false;

  async function pass(engine: string) {
    const line = await deps.tasks.lineOfEngine(engine);
    const before = told.get(engine) ?? new Map<string, string>();
    const now = new Map<string, string>();
    told.set(engine, now);
    const byUser = new Map<string, typeof line>();
    for (const l of line) byUser.set(l.row.userId, [...(byUser.get(l.row.userId) ?? []), l]);
    for (const [userId, entries] of byUser) {
      const rows = entries.map((e) => e.row);
      const bases = rows.some((r) => r.params.baseImageId) ? await deps.payloads.baseImagesOf(userId, rows) : undefined;
      for (const { row, line: place } of entries) {
        const payload = await deps.payloads.payloadOf(row, undefined, { bases, line: place });
        const key = `${payload.position}/${payload.estimatedWaitSeconds}`;
        now.set(row.id, key);
        if (before.get(row.id) === key || stopped) continue;
        await deps.events.publish(null, userId, payload);
      }
    }
  }

  function schedule(engine: string, p: { timer?: NodeJS.Timeout; running?: boolean; again?: boolean; last: number }) {
    p.timer = setTimeout(
      () => {
        p.timer = undefined;
        p.running = true;
        p.last = Date.now();
        pass(engine)
          .catch((err: unknown) => deps.log.warn({ err, engine }, 'queue places were not sent'))
          .finally(() => {
            p.running = false;
            if (p.again && !stopped) {
              p.again = false;
              schedule(engine, p);
            }
          });
      },
      Math.max(0, p.last + QUEUE_UPDATE_MS - Date.now()),
    );
    p.timer.unref();
  }

  return {
    /** The line of `engine` moved: its queued tasks are told, within a second. Never throws. */
    moved(engine: string) {
      if (stopped) return;
      let p = passes.get(engine);
      if (!p) passes.set(engine, (p = { last: 0 }));
      // A pass still to come reads the line as it is by then; one under way may have read it before.
      if (p.timer) return;
      if (p.running) p.again = true;
      else schedule(engine, p);
    },
    stop() {
      stopped = true;
      for (const p of passes.values()) clearTimeout(p.timer);
    },
  };
}
