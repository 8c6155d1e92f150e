import type { QueueInfo } from './comfy-types.ts';

/**
 * GET /queue on one server for the prompts of ours waiting there, asked for whenever its queue
 * changes (status broadcasts), at most once per `minGapMs`: /queue carries every queued prompt's
 * whole graph. A change during a request or a pause is fetched after it, so the last state is
 * never missed; the ones between may be.
 */
export class QueueWatch {
  private readonly fetch: () => Promise<QueueInfo>;
  private readonly deliver: (queue: QueueInfo) => void;
  private readonly minGapMs: number;
  private readonly warn: (msg: string) => void;
  private inFlight = false;
  private again = false;
  private lastAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    fetch: () => Promise<QueueInfo>,
    deliver: (queue: QueueInfo) => void,
    minGapMs: number,
    warn: (msg: string) => void,
  ) {
    this.fetch = fetch;
    this.deliver = deliver;
    this.minGapMs = minGapMs;
    this.warn = warn;
  }

  request(): void {
    if (this.closed) return;
    if (this.inFlight) {
      this.again = true;
      return;
    }
    if (this.timer) return;
    const wait = this.lastAt + this.minGapMs - Date.now();
    if (wait <= 0) return this.now();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.now();
    }, wait);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
  }

  private now(): void {
    this.inFlight = true;
    this.lastAt = Date.now();
    this.fetch()
      .then((queue) => !this.closed && this.deliver(queue))
      // Unreachable: the probes decide about the server; the places wait for the next change.
      .catch((err: unknown) => this.warn(`ComfyUI queue not read: ${String(err)}`))
      .finally(() => {
        this.inFlight = false;
        if (!this.again) return;
        this.again = false;
        this.request();
      });
  }
}
