/**
 * A gate letting `max` pieces of work run at once, in arrival order. `drop()` lets those still
 * waiting go without running (they resolve to `undefined`): a stopping process does not start
 * what another process, or its own next start, will do.
 */
export function limiter(max: number) {
  let active = 0;
  const waiting: ((run: boolean) => void)[] = [];
  async function run<T>(work: () => Promise<T>): Promise<T | undefined> {
    if (active >= max) {
      const go = await new Promise<boolean>((resolve) => waiting.push(resolve));
      if (!go) return undefined;
    } else active += 1;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      // The place passes straight to the next in line (counted as active all along).
      if (next) next(true);
      else active -= 1;
    }
  }
  return Object.assign(run, {
    drop() {
      for (const next of waiting.splice(0)) next(false);
    },
    /** Nothing running and nobody waiting. */
    get idle() {
      return active === 0 && waiting.length === 0;
    },
  });
}
