import {
  EngineError,
  type EngineResult,
  type EngineRunContext,
  type EngineServerHealth,
  type EngineTask,
} from '../../engine.ts';
import { ComfyHttp } from './comfy-http.ts';
import { ComfySocket, type SocketEvent } from './comfy-socket.ts';
import { HealthProbe, type ProbeTimings } from './health-probe.ts';
import type { DrainMark } from './operator-drains.ts';
import { PromptRun, type PromptRunOptions } from './prompt-run.ts';
import { findPrompt } from './resume.ts';
import { ServerPrompts } from './server-prompts.ts';
import { ServerRecord, type ServerLink, type ServerState } from './server-record.ts';
import { postRun, prepareRun, skipOrThrow, type SubmitDeps } from './submit.ts';
import { imagesExpected } from './workflow-mapping.ts';

export interface FleetTimings extends ProbeTimings {
  /** Least silence of a running prompt of ours before the server counts as hung. */
  hungFloorMs: number;
  /** Least gap between two GET /queue for the places of our waiting prompts. */
  queueRefreshMs: number;
  /** Time limit of every other request. */
  requestTimeoutMs: number;
}

export interface FleetServerDeps extends SubmitDeps {
  url: string;
  timings: FleetTimings;
  /** The watchdog of every prompt followed there. */
  watchdog: { stallMs: number; timeoutMs: number; pollMs: number };
  /** The node classes our templates use: what its /object_info must list, with the models. */
  classes: string[];
  log: SubmitDeps['log'] & { info(msg: string): void; error(msg: string): void };
}

/**
 * One ComfyUI server of the fleet, above everything else kept for it: its protocol client (HTTP
 * and one long-lived socket), its record, its health probe and our prompts there. A cheap probe
 * (GET /prompt, short time limit) runs at once when the socket drops, every `probeMs` while prompts
 * of ours are there, rarely while idle, and with back-off while it is down. A failed probe marks it
 * down and every prompt of ours there `lost` at once (the caller moves them); a down server gets no
 * work until a probe passes again. A server is also marked down when a running prompt of ours went
 * silent (hung) and stays down until that prompt leaves its queue.
 *
 * Calls run one way from here: it reads the socket's events and hands them to its prompts, ticks
 * their watchdogs and acts on what they return; nothing below calls back into it.
 */
export class FleetServer {
  readonly url: string;
  private readonly link: ServerLink;
  private readonly probes: HealthProbe;
  private readonly deps: FleetServerDeps;
  private readonly runOptions: PromptRunOptions;
  /** Our prompts there (server-prompts.ts), and the watchdog ticker of each one watched. */
  private readonly prompts: ServerPrompts;
  private readonly tickers = new Map<PromptRun, NodeJS.Timeout>();
  private readonly closing = new AbortController();
  private probing: Promise<boolean> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(deps: FleetServerDeps) {
    const t = deps.timings;
    this.deps = deps;
    const http = new ComfyHttp(deps.url, t.requestTimeoutMs);
    this.url = http.url;
    const socket = new ComfySocket(this.url, deps.clientId, deps.log, {
      minDelayMs: Math.min(250, t.probeMs),
      openTimeoutMs: Math.max(1_000, 2 * t.probeTimeoutMs),
    });
    this.link = { url: this.url, http, socket, record: new ServerRecord(this.url, t.hungFloorMs) };
    const closing = this.closing.signal;
    this.probes = new HealthProbe(this.link, {
      timings: t,
      log: deps.log,
      classes: deps.classes,
      models: deps.models,
      closing,
    });
    this.runOptions = { link: this.link, ...deps.watchdog, closing, log: deps.log };
    this.prompts = new ServerPrompts(this.link, t.queueRefreshMs, deps.log);
    this.pump().catch((err: unknown) => deps.log.error(`ComfyUI ${this.url} socket events stopped: ${String(err)}`));
    this.schedule();
  }

  get state(): ServerState {
    return this.link.record.state;
  }

  health(): EngineServerHealth {
    return this.link.record.snapshot();
  }

  /** Whether an operator took it out of rotation (its prompts run on; it gets no new ones). */
  get drained(): boolean {
    return this.link.record.drain !== undefined;
  }

  /** The operator's drain as last read (undefined: not drained, or resumed). */
  setDrain(mark: DrainMark | undefined): void {
    const was = this.link.record.drain;
    this.link.record.drained(mark);
    if (!was && mark) this.deps.log.info(`ComfyUI ${this.url} drained by ${mark.by}: no new work`);
    else if (was && !mark) this.deps.log.info(`ComfyUI ${this.url} resumed: takes work again`);
  }

  /** GET /object_info when not checked yet (or since a reconnect), shared by concurrent callers. */
  check(force = false): Promise<void> {
    return this.probes.check(force);
  }

  /** A check under way (at start), if any: health() waits for it briefly. */
  get pendingCheck(): Promise<void> | undefined {
    return this.probes.pendingCheck;
  }

  /** Prompts running plus waiting there and ours on their way; undefined when it does not answer. */
  async load(): Promise<number | undefined> {
    const { socket, record } = this.link;
    const broadcast = socket.open ? record.broadcast : undefined;
    if (broadcast !== undefined) return broadcast + record.dispatching;
    return (await this.probe()) ? record.remaining + record.dispatching : undefined;
  }

  /** A probe nobody waits for (a dropped socket, a timer): it reports its own failures. */
  probeSoon(): void {
    this.probe().catch((err: unknown) => this.deps.log.warn(`ComfyUI ${this.url} probe failed: ${String(err)}`));
  }

  /** GET /prompt with a short time limit; never rejects. Shared by concurrent callers. */
  probe(): Promise<boolean> {
    if (this.closing.signal.aborted) return Promise.resolve(false);
    this.probing ??= this.probeOnce().finally(() => {
      this.probing = undefined;
      this.schedule();
    });
    return this.probing;
  }

  /**
   * Uploads the task's inputs, posts its prompt and follows it to the end: its result, or undefined
   * when the server did not take it (unreachable, an odd answer: the caller tries the next one).
   */
  async run(task: EngineTask, ctx: EngineRunContext): Promise<EngineResult | undefined> {
    const accepted = await this.submit(task, ctx);
    if (!accepted) return undefined;
    return this.attach(accepted.run, accepted.run.follow(accepted.id));
  }

  /** Takes up a prompt a previous process posted here under `ref` (see resume.ts), without posting it again. */
  async resume(ref: string, task: EngineTask, ctx: EngineRunContext): Promise<EngineResult> {
    const found = await findPrompt(this.link, ref, this.deps.clientId);
    if ('lost' in found) {
      if (found.unanswered) this.probeSoon();
      throw found.lost;
    }
    const run = new PromptRun(this.runOptions, ref, found.graph, imagesExpected(task), ctx);
    this.prompts.add(run);
    const result = this.attach(run, run.resume(found.deaf));
    run.takeUp(found);
    return result;
  }

  close(): void {
    this.closing.abort();
    this.prompts.close();
    for (const ticker of this.tickers.values()) clearInterval(ticker);
    clearTimeout(this.timer);
    this.link.socket.close();
  }

  private async submit(task: EngineTask, ctx: EngineRunContext): Promise<{ run: PromptRun; id: string } | undefined> {
    const { record } = this.link;
    record.dispatching++;
    try {
      const run = await prepareRun(this.runOptions, this.deps, task, ctx);
      // Told the socket's messages before POST /prompt: the first ones can beat the HTTP answer.
      this.prompts.add(run);
      return { run, id: await postRun(run, this.runOptions, this.deps.clientId) };
    } catch (err) {
      skipOrThrow(err, this.url, task, this.deps.log);
      // Whether it is down is the probe's to say, now rather than at its next turn.
      this.probeSoon();
      return undefined;
    } finally {
      record.dispatching--;
    }
  }

  /** Watches a followed run (`watching`: it had not ended yet) until it settles. */
  private attach(run: PromptRun, watching: boolean): Promise<EngineResult> {
    if (watching) {
      this.tickers.set(
        run,
        setInterval(() => this.tick(run), run.tickMs),
      );
      this.schedule();
      if (this.state === 'down') {
        run.serverLost(new EngineError('lost', `ComfyUI ${this.url} is down`, { server: this.url }));
      } else this.prompts.refreshQueue();
      run.cancelIfAborted();
    }
    return run.result.finally(() => {
      clearInterval(this.tickers.get(run));
      this.tickers.delete(run);
      this.prompts.delete(run);
    });
  }

  private tick(run: PromptRun): void {
    const quietMs = run.check();
    if (quietMs === undefined) return;
    this.suspectHung(run, quietMs).catch((err: unknown) =>
      this.deps.log.warn(`ComfyUI prompt ${run.promptId}: ${String(err)}`),
    );
  }

  /** A running prompt silent past the stall window: hung (the server is down), or a probe is due. */
  private async suspectHung(run: PromptRun, quietMs: number): Promise<void> {
    const verdict = await run.verifyHung(quietMs);
    // Not answering /queue either: the probe tells whether it is down.
    if (verdict === 'unanswered') this.probeSoon();
    else if (verdict) this.markDown(verdict.hung, run.promptId);
  }

  /**
   * Down (probe failed, or `hungOn` runs without a word): no work until a probe passes again, and
   * every prompt of ours there is lost now.
   */
  private markDown(why: string, hungOn?: string): void {
    const { record, socket } = this.link;
    if (record.down(why, hungOn)) {
      this.deps.log.error(`ComfyUI ${this.url} is down: ${why}`);
      // A connection that still looks open to a machine that stopped answering is dead: a new one tells when it is back.
      if (!hungOn && socket.open) socket.reconnect();
    }
    this.prompts.lose(new EngineError('lost', `ComfyUI ${this.url} is down: ${why}`, { server: this.url }));
    this.schedule();
  }

  private async probeOnce(): Promise<boolean> {
    try {
      const result = await this.probes.probe();
      if (result.down) this.markDown(result.down);
      return result.up;
    } catch (err) {
      this.deps.log.warn(`ComfyUI ${this.url} probe failed unexpectedly: ${String(err)}`);
      return false;
    }
  }

  /** The socket's events, in order, for as long as it is open. */
  private async pump(): Promise<void> {
    const { socket } = this.link;
    for (let events = await socket.events(); events; events = await socket.events()) {
      for (const event of events) {
        // A fault in handling one event must not end the reading of the others.
        try {
          this.take(event);
        } catch (err) {
          this.deps.log.warn(`ComfyUI socket listener failed: ${String(err)}`);
        }
      }
    }
  }

  private take(event: SocketEvent): void {
    if (event.type === 'close') {
      this.link.record.broadcast = undefined;
      return this.probeSoon();
    }
    if (event.type === 'open') {
      this.probes.socketOpened();
      this.probeSoon();
    }
    if (event.type === 'message') this.prompts.statusHeard(event.message);
    this.prompts.tell(event);
  }

  private schedule(): void {
    clearTimeout(this.timer);
    if (this.closing.signal.aborted) return;
    const busy = this.prompts.busy || this.link.record.dispatching > 0;
    this.timer = setTimeout(() => this.probeSoon(), this.probes.nextProbeIn(busy));
    this.timer.unref();
  }
}
