import type { EngineServerHealth } from '../../engine.ts';
import type { DrainMark } from './operator-drains.ts';

export type ServerState = EngineServerHealth['state'];

/**
 * What the engine knows of one server, kept up to date as things happen (probes, status
 * broadcasts, /object_info checks, our prompts ending there), so that health(), available(),
 * capacity() and dispatch read it without a request.
 */
export class ServerRecord {
  readonly url: string;
  state: ServerState = 'up';
  since = new Date();
  lastError: string | undefined;
  /** What /object_info said is missing; undefined until checked. */
  missing: string[] | undefined;
  /** Prompts running plus waiting there, all clients (status broadcasts, GET /prompt). */
  remaining = 0;
  /** Our prompts that finished there since start. */
  done = 0;
  /** An operator took it out of rotation: it finishes what it has and gets nothing new. */
  drain: DrainMark | undefined;

  constructor(url: string) {
    this.url = url;
  }

  /** Whether it just went down (it was up or draining). */
  down(why: string): boolean {
    this.lastError = why;
    return this.set('down');
  }

  /** Reachable again, and checked: up, or draining when it lacks nodes or models or is drained. */
  revived(): void {
    this.set(this.drain || (this.missing && this.missing.length > 0) ? 'draining' : 'up');
  }

  /** An operator's drain (or its end); a server that is down stays down until a probe passes. */
  drained(mark: DrainMark | undefined): void {
    if (mark?.by === this.drain?.by && mark?.at.getTime() === this.drain?.at.getTime()) return;
    this.drain = mark;
    if (this.state === 'down') return;
    // Drained since the operator said so, whichever node saw it first.
    if (this.set(mark || (this.missing && this.missing.length > 0) ? 'draining' : 'up') && mark) this.since = mark.at;
  }

  checked(missing: string[]): void {
    this.missing = missing;
    if (this.state !== 'down') this.revived();
  }

  snapshot(): EngineServerHealth {
    const known = this.state !== 'down';
    const remaining = known ? this.remaining : 0;
    const lacks = this.missing && this.missing.length > 0 ? `missing ${this.missing.join('; ')}` : undefined;
    const drained = this.drain ? `drained by ${this.drain.by} since ${this.drain.at.toISOString()}` : undefined;
    const why = [drained, lacks].filter(Boolean).join('; ') || undefined;
    const detail = this.state === 'down' ? this.lastError : this.state === 'draining' ? why : undefined;
    return {
      url: this.url,
      state: this.state,
      ok: this.state === 'up',
      // ComfyUI runs one prompt at a time: the rest of what it holds waits.
      running: Math.min(1, remaining),
      pending: Math.max(0, remaining - 1),
      done: this.done,
      since: this.since.toISOString(),
      ...(this.lastError ? { lastError: this.lastError } : {}),
      ...(detail ? { detail } : {}),
    };
  }

  private set(state: ServerState): boolean {
    if (state === this.state) return false;
    this.state = state;
    this.since = new Date();
    return true;
  }
}
