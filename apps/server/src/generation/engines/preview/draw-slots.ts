/**
 * Each sharp pipeline holds one of libuv's worker threads (four by default) while it runs, and the
 * same threads read files, hash passwords and compress answers. Drawing at most this many images at
 * once across all tasks (one drawing thread each, see draw-pool.ts) leaves threads free, so pages
 * and API calls keep answering while several preview tasks render.
 */
export const DRAW_SLOTS = 2;

/** Runs `work` when one of `slots` is free, in arrival order. */
export function createSlots(slots: number) {
  let busy = 0;
  const waiting: (() => void)[] = [];
  return async function inSlot<T>(work: () => Promise<T>): Promise<T> {
    if (busy >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    else busy += 1;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, or frees up.
      const next = waiting.shift();
      if (next) next();
      else busy -= 1;
    }
  };
}
