import type { EngineServerHealth } from '../../engine.ts';
import type { ComfyHttp } from './comfy-http.ts';
import type { ComfySocket } from './comfy-socket.ts';
import type { DrainMark } from './operator-drains.ts';
import { StallWindow } from './stall-window.ts';

export type ServerState = EngineServerHealth['state'];

/** One server as the prompt operations and the health probe use it: its protocol client and its record. */
export interface ServerLink {
  readonly url: string;
  readonly http: ComfyHttp;
  readonly socket: ComfySocket;
  readonly record: ServerRecord;
}

/**
 * What the engine knows of one server, kept up to date as things happen (probes, status
 * broadcasts, /object_info checks, our prompts running and ending there), so that health(),
 * available(), capacity() and dispatch read it without a request. The code that observes a thing
 * writes it here; the record itself calls nothing.
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
  /** The same, from the last status broadcast on our socket; undefined while the socket is closed. */
  broadcast: number | undefined;
  /** Our prompts that finished there since start. */
  done = 0;
  /** Our prompts being uploaded or posted right now: not yet visible in its queue. */
  dispatching = 0;
  /** An operator took it out of rotation: it finishes what it has and gets nothing new. */
  drain: DrainMark | undefined;
  /** Probes failed since it last came back: the probes of a down server back off with them. */
  failures = 0;
  /** The running prompt it hung on: it counts as down until that prompt has left its queue. */
  hungOn: string | undefined;
  /** Prompts of ours given up while it was down or hung: taken off it when it is back. */
  readonly abandoned = new Set<string>();
  private readonly stall: StallWindow;

  constructor(url: string, hungFloorMs: number) {
    this.url = url;
    this.stall = new StallWindow(hungFloorMs);
  }

  /** Whether it just went down (it was up or draining). `hungOn`: the prompt it hung on. */
  down(why: string, hungOn?: string): boolean {
    if (hungOn) {
      this.hungOn = hungOn;
      this.abandoned.add(hungOn);
    }
    this.lastError = why;
    this.failures++;
    return this.set('down');
  }

  /** Reachable again, and checked: up, or draining when it lacks nodes or models or is drained. */
  revived(): void {
    this.failures = 0;
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
    if (this.state !== 'down') this.set(this.drain || missing.length > 0 ? 'draining' : 'up');
  }

  /** A prompt of ours we could not take off it now (unreachable): taken off when it is back. */
  abandon(promptId: string): void {
    this.abandoned.add(promptId);
  }

  /** A message about running prompt `promptId` there: the rolling gap between them sets the stall window. */
  heard(promptId: string): void {
    this.stall.heard(promptId);
  }

  /** Silence of a running prompt of ours after which the server counts as hung. */
  get stallWindowMs(): number {
    return this.stall.ms;
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
