import type { EngineEvent } from './engine.ts';

type Progress = Extract<EngineEvent, { type: 'progress' }>;

/**
 * Coalesces an engine's progress, never dropping the newest: a report is written at most every
 * `intervalMs`, and one that arrives sooner is kept (with the newest preview seen) and written when
 * the interval has passed. So a preview sent right after a progress message is shown, a fast engine
 * costs no writes before its first interval, and a slow one shows steady movement.
 */
export function createProgressWriter(intervalMs: number, write: (p: Progress) => Promise<void>) {
  let latest: Progress | null = null;
  let lastWrite = Date.now();
  let writing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const flush = (): Promise<void> => {
    if (!latest || writing) return writing ?? Promise.resolve();
    const next = latest;
    latest = null;
    lastWrite = Date.now();
    writing = write(next).finally(() => {
      writing = null;
      schedule();
    });
    return writing;
  };

  function schedule() {
    if (closed || !latest || timer || writing) return;
    timer = setTimeout(
      () => {
        timer = undefined;
        // write() reports its own failures: flush never rejects.
        flush().catch(() => {});
      },
      Math.max(0, lastWrite + intervalMs - Date.now()),
    );
  }

  return {
    report(p: Progress) {
      if (closed || p.percent >= 100) return;
      latest = {
        type: 'progress',
        percent: Math.max(p.percent, latest?.percent ?? 0),
        preview: p.preview ?? latest?.preview,
      };
      schedule();
    },
    /**
     * Stops: a write under way is finished, a report still waiting for its turn is dropped. The
     * task is ending, and its results or its end replace whatever it would have shown (its preview
     * file goes with the task's end), so writing it would only delay that end.
     */
    async close() {
      closed = true;
      clearTimeout(timer);
      latest = null;
      await writing;
    },
  };
}
