/**
 * Wakes a poll that waits for a provider's job when the provider calls back (a signed webhook):
 * the poll then asks at once instead of at its next interval. A wake-up for a job nobody waits for
 * is dropped; polling stays the way results are read, so a lost callback only costs time.
 */
export interface JobWakeups {
  wake(key: string): void;
  /** Calls `fn` on the next wake-up of `key`; returns the function that stops listening. */
  on(key: string, fn: () => void): () => void;
}

export function createJobWakeups(): JobWakeups {
  const waiting = new Map<string, Set<() => void>>();
  return {
    wake(key) {
      const fns = waiting.get(key);
      if (!fns) return;
      waiting.delete(key);
      for (const fn of fns) fn();
    },
    on(key, fn) {
      let fns = waiting.get(key);
      if (!fns) waiting.set(key, (fns = new Set()));
      fns.add(fn);
      return () => {
        fns.delete(fn);
        if (fns.size === 0 && waiting.get(key) === fns) waiting.delete(key);
      };
    },
  };
}
