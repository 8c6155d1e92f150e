import { EngineError, type EngineServerHealth } from '../../engine.ts';
import { ComfyHttp, describeFailure } from './comfy-http.ts';
import { ComfySocket, type SocketLog } from './comfy-socket.ts';
import type { QueueInfo, SocketMessage } from './comfy-types.ts';
import { forgetPrompt, stopPrompt, whereInQueue } from './prompt-server-ops.ts';
import type { DrainMark } from './operator-drains.ts';
import { QueueWatch } from './queue-watch.ts';
import { ServerRecord, type ServerState } from './server-record.ts';
import { StallWindow } from './stall-window.ts';

export interface FleetTimings {
  /** Probe interval while prompts of ours are there. */
  probeMs: number;
  /** Probe interval while it is up and holds nothing of ours (keeps available() and health() current). */
  idleProbeMs: number;
  /** A probe (GET /prompt) not answered by then fails: the machine stopped answering. */
  probeTimeoutMs: number;
  /** First probe after it went down; doubled per failed probe up to `downRetryMaxMs`. */
  downRetryMs: number;
  downRetryMaxMs: number;
  /** Least silence of a running prompt of ours before the server counts as hung. */
  hungFloorMs: number;
  /** Least gap between two GET /queue for the places of our waiting prompts. */
  queueRefreshMs: number;
  /** Time limit of every other request. */
  requestTimeoutMs: number;
}

/** A prompt of ours the server holds (PromptRun). */
export interface ServerWatcher {
  readonly promptId: string;
  /** Not started yet: told the server's queue when it changes, to report its place. */
  readonly waiting: boolean;
  queueSeen(queue: QueueInfo): void;
  /** The server died or hung: the prompt is gone as far as we can tell. */
  serverLost(err: EngineError): void;
}

export interface FleetServerDeps {
  url: string;
  clientId: string;
  timings: FleetTimings;
  log: SocketLog & { error(msg: string): void };
  /** What the server lacks for our templates, from its /object_info. */
  missingIn(info: Record<string, unknown>): string[];
}

/**
 * One ComfyUI server of the fleet: its HTTP client, its long-lived socket, and what we know of its
 * health. A cheap probe (GET /prompt, short time limit) runs at once when the socket drops, every
 * `probeMs` while prompts of ours are there, rarely while idle, and with back-off while it is down.
 * A failed probe marks it down and every prompt of ours there `lost` at once (the caller moves
 * them); a down server gets no work until a probe passes again. A server is also marked down when
 * a running prompt of ours went silent (hung) and stays down until that prompt leaves its queue.
 */
export class FleetServer {
  readonly url: string;
  readonly http: ComfyHttp;
  readonly socket: ComfySocket;
  /** Our prompts being uploaded or posted right now: not yet visible in its queue. */
  dispatching = 0;
  private readonly record: ServerRecord;
  private readonly probeHttp: ComfyHttp;
  private readonly deps: FleetServerDeps;
  private readonly watchers = new Set<ServerWatcher>();
  /** Prompts of ours given up while it was down or hung: taken off it when it is back. */
  private readonly abandoned = new Set<string>();
  private readonly queueWatch: QueueWatch;
  private readonly closing = new AbortController();
  private hungPrompt: string | undefined;
  private checking: Promise<void> | undefined;
  private recheck = false;
  private opened = false;
  private lastCheckAt = 0;
  private probing: Promise<boolean> | undefined;
  private lastProbeAt = 0;
  private failedProbes = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly stall: StallWindow;

  constructor(deps: FleetServerDeps) {
    const t = deps.timings;
    this.deps = deps;
    this.http = new ComfyHttp(deps.url, t.requestTimeoutMs);
    this.probeHttp = new ComfyHttp(deps.url, t.probeTimeoutMs);
    this.url = this.http.url;
    this.record = new ServerRecord(this.url);
    this.stall = new StallWindow(t.hungFloorMs);
    const watching = () => [...this.watchers].filter((w) => w.waiting);
    this.queueWatch = new QueueWatch(
      () => this.http.queue(),
      (queue) => watching().forEach((w) => w.queueSeen(queue)),
      t.queueRefreshMs,
      (msg) => deps.log.warn(msg),
    );
    const openTimeoutMs = Math.max(1_000, 2 * t.probeTimeoutMs);
    this.socket = new ComfySocket(this.url, deps.clientId, deps.log, {
      minDelayMs: Math.min(250, t.probeMs),
      openTimeoutMs,
    });
    this.socket.subscribe({
      onMessage: (message) => this.onMessage(message),
      onPreview: () => undefined,
      // A reconnect may be a restart with other models installed: checked again before the next dispatch.
      onOpen: () => {
        if (this.opened) this.recheck = true;
        this.opened = true;
        this.probeSoon();
      },
      onClose: () => this.probeSoon(),
    });
    this.schedule();
  }

  get state(): ServerState {
    return this.record.state;
  }

  health(): EngineServerHealth {
    return this.record.snapshot();
  }

  /** Whether an operator took it out of rotation (its prompts run on; it gets no new ones). */
  get drained(): boolean {
    return this.record.drain !== undefined;
  }

  /** The operator's drain as last read (undefined: not drained, or resumed). */
  setDrain(mark: DrainMark | undefined): void {
    const was = this.record.drain;
    this.record.drained(mark);
    if (!was && mark) this.deps.log.info(`ComfyUI ${this.url} drained by ${mark.by}: no new work`);
    else if (was && !mark) this.deps.log.info(`ComfyUI ${this.url} resumed: takes work again`);
  }

  /** GET /object_info when not checked yet (or since a reconnect), shared by concurrent callers. */
  check(force = false): Promise<void> {
    if (this.record.missing && !this.recheck && !force) return Promise.resolve();
    this.recheck = false;
    this.lastCheckAt = Date.now();
    this.checking ??= this.http
      .objectInfo()
      .then((info) => {
        const missing = this.deps.missingIn(info);
        if (missing.length > 0) this.deps.log.error(`ComfyUI ${this.url} lacks ${missing.join('; ')}`);
        this.record.checked(missing);
      })
      .finally(() => (this.checking = undefined));
    return this.checking;
  }

  /** A check under way (at start), if any: health() waits for it briefly. */
  get pendingCheck(): Promise<void> | undefined {
    return this.checking;
  }

  /** Prompts running plus waiting there and ours on their way; undefined when it does not answer. */
  async load(): Promise<number | undefined> {
    const broadcast = this.socket.open ? this.socket.queueRemaining : undefined;
    if (broadcast !== undefined) return broadcast + this.dispatching;
    return (await this.probe()) ? this.record.remaining + this.dispatching : undefined;
  }

  /** GET /prompt with a short time limit; never rejects. Shared by concurrent callers. */
  /** A probe nobody waits for (a dropped socket, a timer): it reports its own failures. */
  probeSoon(): void {
    this.probe().catch((err: unknown) => this.deps.log.warn(`ComfyUI ${this.url} probe failed: ${String(err)}`));
  }

  probe(): Promise<boolean> {
    if (this.closing.signal.aborted) return Promise.resolve(false);
    this.probing ??= this.runProbe()
      .catch((err: unknown) => {
        this.deps.log.warn(`ComfyUI ${this.url} probe failed unexpectedly: ${String(err)}`);
        return false;
      })
      .finally(() => {
        this.probing = undefined;
        this.schedule();
      });
    return this.probing;
  }

  /** Registers a prompt of ours there; the returned function forgets it. */
  watch(watcher: ServerWatcher): () => void {
    this.watchers.add(watcher);
    this.schedule();
    return () => this.watchers.delete(watcher);
  }

  /** The places of our waiting prompts are due (one GET /queue, throttled). */
  refreshQueue(): void {
    if ([...this.watchers].some((w) => w.waiting)) this.queueWatch.request();
  }

  /** Every message about a running prompt of ours: the rolling gap between them sets the stall window. */
  notePace(promptId: string): void {
    this.stall.heard(promptId);
  }

  /** Silence of a running prompt of ours after which the server counts as hung. */
  stallWindowMs(): number {
    return this.stall.ms;
  }

  /** A socket quiet since `since` while our prompt runs may be half-open: a new connection tells. */
  freshenSocket(since: number): void {
    if (this.socket.open && (this.socket.openedAt ?? 0) <= since) this.socket.reconnect();
  }

  finished(): void {
    this.record.done++;
  }

  /** A prompt of ours we could not take off it now (unreachable): taken off when it is back. */
  abandon(promptId: string): void {
    this.abandoned.add(promptId);
  }

  /**
   * Down (probe failed, or `hungPrompt` runs without a word): no work until a probe passes again,
   * and every prompt of ours there is lost now.
   */
  markDown(why: string, hungPrompt?: string): void {
    if (hungPrompt) {
      this.hungPrompt = hungPrompt;
      this.abandoned.add(hungPrompt);
    }
    if (this.record.down(why)) {
      this.deps.log.error(`ComfyUI ${this.url} is down: ${why}`);
      // A connection that still looks open to a machine that stopped answering is dead: a new one tells when it is back.
      if (!hungPrompt && this.socket.open) this.socket.reconnect();
    }
    this.failedProbes++;
    const err = new EngineError('lost', `ComfyUI ${this.url} is down: ${why}`, { server: this.url });
    for (const watcher of [...this.watchers]) {
      this.abandoned.add(watcher.promptId);
      watcher.serverLost(err);
    }
    this.schedule();
  }

  close(): void {
    this.closing.abort();
    clearTimeout(this.timer);
    this.queueWatch.close();
    this.socket.close();
  }

  private onMessage(message: SocketMessage): void {
    if (message.type !== 'status') return;
    const remaining = this.socket.queueRemaining;
    if (remaining === undefined || remaining === this.record.remaining) return;
    this.record.remaining = remaining;
    this.refreshQueue();
  }

  private async runProbe(): Promise<boolean> {
    this.lastProbeAt = Date.now();
    try {
      const remaining = await this.probeHttp.remaining();
      if (this.hungPrompt && whereInQueue(await this.probeHttp.queue(), this.hungPrompt) === 'running') {
        // Answers, but still wedged on the prompt it hung on.
        this.failedProbes++;
        return false;
      }
      this.hungPrompt = undefined;
      this.record.remaining = remaining;
      if (this.record.state === 'down') await this.revive();
      // An operator may install what it lacked without restarting it: looked at again now and then.
      else if (this.record.state === 'draining' && Date.now() - this.lastCheckAt >= this.deps.timings.idleProbeMs) {
        this.check(true).catch(() => undefined);
      }
      return this.record.state !== 'down';
    } catch (err) {
      this.markDown(`probe failed: ${describeFailure(err)}`);
      return false;
    }
  }

  private async revive(): Promise<void> {
    await this.check(true);
    this.failedProbes = 0;
    this.record.revived();
    this.deps.log.info(`ComfyUI ${this.url} is back (${this.record.state})`);
    const { probeMs } = this.deps.timings;
    for (const id of this.abandoned) {
      // A network split, not a restart, leaves them queued or running: they were sent elsewhere since.
      stopPrompt(this.http, id)
        .then(() => forgetPrompt(this.http, id, probeMs, this.closing.signal))
        .catch(() => undefined);
    }
    this.abandoned.clear();
  }

  private schedule(): void {
    clearTimeout(this.timer);
    if (this.closing.signal.aborted) return;
    const t = this.deps.timings;
    const backoff = Math.min(t.downRetryMaxMs, t.downRetryMs * 2 ** Math.min(20, Math.max(0, this.failedProbes - 1)));
    const busy = this.watchers.size > 0 || this.dispatching > 0;
    const interval = this.record.state === 'down' ? backoff : busy ? t.probeMs : t.idleProbeMs;
    this.timer = setTimeout(() => this.probeSoon(), Math.max(0, this.lastProbeAt + interval - Date.now()));
    this.timer.unref();
  }
}
