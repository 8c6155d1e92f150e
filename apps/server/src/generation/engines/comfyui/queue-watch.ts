import type { ComfyHttp } from './comfy-http.ts';
import type { QueueInfo } from './comfy-types.ts';

interface Promised {
  promise: Promise<QueueInfo | undefined>;
  resolve(queue: QueueInfo | undefined): void;
  reject(err: unknown): void;
}

/**
 * GET /queue on one server for the prompts of ours waiting there, asked for whenever its queue
 * changes (status broadcasts), at most once per `minGapMs`: /queue carries every queued prompt's
 * whole graph. A change during a request or a pause is fetched after it, so the last state is
 * never missed; the ones between may be.
 */
export class QueueWatch {
  private readonly http: ComfyHttp;
  private readonly minGapMs: number;
  /** The read still to come, promised to the request that asked for it first. */
  private next: Promised | undefined;
  private inFlight = false;
  private lastAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(http: ComfyHttp, minGapMs: number) {
    this.http = http;
    this.minGapMs = minGapMs;
  }

  /**
   * The queue as the next read finds it (undefined once closed; rejects when the read fails), or
   * undefined when a read already promised to an earlier request will answer this one too.
   */
  request(): Promise<QueueInfo | undefined> | undefined {
    if (this.closed || this.next) return undefined;
    let resolve!: Promised['resolve'];
    let reject!: Promised['reject'];
    const promise = new Promise<QueueInfo | undefined>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    this.next = { promise, resolve, reject };
    if (!this.inFlight) this.plan();
    return promise;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.next?.resolve(undefined);
    this.next = undefined;
  }

  private plan(): void {
    const wait = this.lastAt + this.minGapMs - Date.now();
    if (wait <= 0) return this.now();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.now();
    }, wait);
  }

  private now(): void {
    const answer = this.next!;
    this.next = undefined;
    this.inFlight = true;
    this.lastAt = Date.now();
    this.http
      .queue()
      .then((queue) => answer.resolve(this.closed ? undefined : queue), answer.reject)
      .finally(() => {
        this.inFlight = false;
        if (this.next && !this.closed) this.plan();
      });
  }
}
