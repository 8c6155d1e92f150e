/** What a process is doing right now; readiness answers 503 and streams end while it drains. */
export interface Lifecycle {
  readonly draining: boolean;
  /** Aborted when shutdown starts: long-lived work (event streams, workers) stops on it. */
  readonly signal: AbortSignal;
  drain(): void;
}

export function createLifecycle(): Lifecycle {
  const controller = new AbortController();
  return {
    get draining() {
      return controller.signal.aborted;
    },
    signal: controller.signal,
    drain: () => controller.abort(),
  };
}
