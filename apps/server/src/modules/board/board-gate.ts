import { AppError } from '../../shared/app-error.ts';

export interface GateOptions {
  /** Exports drawn at once in this process. */
  slots: number;
  /** Exports that may wait for a slot; one more is refused at once. */
  maxWaiting: number;
  /** How long one waits before it is refused. */
  waitMs: number;
  /** What the refusal suggests as the time to try again. */
  retrySeconds: number;
}

/** One board at a time: an A1 page at 300 DPI is 70 megapixels, and two at once would double the memory. */
const BOARD_GATE: GateOptions = { slots: 1, maxWaiting: 6, waitMs: 60_000, retrySeconds: 30 };

interface Waiter {
  key: string;
  admit(): void;
}

/**
 * A small queue in front of the renderer: exports beyond `slots` wait their turn in order, for a
 * bounded time, and a full queue or a long wait is refused with BOARD_BUSY. One user has one export
 * running or waiting at a time, so a user cannot fill the queue alone.
 */
export function createExportGate(opts: GateOptions = BOARD_GATE) {
  let active = 0;
  const waiting: Waiter[] = [];
  const holders = new Set<string>();
  const busy = () => new AppError('BOARD_BUSY', { params: { seconds: opts.retrySeconds } });

  /** Frees the slot once (later calls do nothing), handing it to the first waiter if there is one. */
  const releaser = (key: string) => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      holders.delete(key);
      const next = waiting.shift();
      if (next) next.admit();
      else active -= 1;
    };
  };

  return {
    /** Waits for a slot for `key` (a user); resolves with the function that frees it. */
    async acquire(key: string): Promise<() => void> {
      if (holders.has(key)) throw new AppError('BOARD_EXPORT_RUNNING');
      if (active < opts.slots) {
        active += 1;
        holders.add(key);
        return releaser(key);
      }
      if (waiting.length >= opts.maxWaiting) throw busy();
      holders.add(key);
      await new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          key,
          admit() {
            clearTimeout(timer);
            resolve();
          },
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(waiter), 1);
          holders.delete(key);
          reject(busy());
        }, opts.waitMs);
        waiting.push(waiter);
      });
      return releaser(key);
    },
    /** Exports drawing and waiting now (for tests and operators). */
    load: () => ({ active, waiting: waiting.length }),
  };
}
export type ExportGate = ReturnType<typeof createExportGate>;
