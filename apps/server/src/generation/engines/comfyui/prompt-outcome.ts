import { EngineError, type EngineResult, type EngineRunContext } from '../../engine.ts';
import type { Graph, HistoryEntry, HistoryOutput } from './comfy-types.ts';
import {
  forgetFinished,
  forgetPrompt,
  historyFailure,
  outputsHeard,
  readImages,
  stopPrompt,
} from './prompt-server-ops.ts';
import { RunEvents } from './run-events.ts';
import type { ServerLink } from './server-record.ts';

export interface PromptRunOptions {
  /** The server it runs on: its protocol client and its record. */
  link: ServerLink;
  stallMs: number;
  timeoutMs: number;
  pollMs: number;
  /** Aborted when the engine closes: background clean-up stops. */
  closing: AbortSignal;
  log: { info(msg: string): void; warn(msg: string): void };
}

type StopKind = 'interrupted' | 'stalled' | 'lost';

/**
 * How one prompt of ours ends: its result promise, collecting the images from its history entry,
 * or stopping it on the server (cancel, time-out, hang). PromptRun adds the watching.
 */
export class PromptOutcome {
  /** The graph posted (or found on the server, when resumed). */
  readonly graph: Graph;
  /** Settles once: the images, or the failure. */
  readonly result: Promise<EngineResult>;
  /** Socket messages about it still matter: from before it is posted until it ends or is stopped. */
  listening = true;
  protected readonly opts: PromptRunOptions;
  protected readonly ctx: EngineRunContext;
  protected readonly events: RunEvents;
  protected id: string;
  protected settled = false;
  protected finishing = false;
  /** What each output node made, as the socket reported it (`executed`). */
  protected readonly heardOutputs: Record<string, HistoryOutput> = {};
  protected stopping: { kind: StopKind; why: string } | undefined;
  protected readonly onAbort = (): void => this.background(this.stop('interrupted', 'cancelled'));

  /** Work nobody awaits (a poll, a finish, a stop): its failure is logged, never an unhandled rejection. */
  protected background(work: Promise<unknown>): void {
    work.catch((err: unknown) => this.opts.log.warn(`ComfyUI prompt ${this.id}: ${String(err)}`));
  }
  private readonly expected: number;
  private resolve!: (result: EngineResult) => void;
  private reject!: (err: unknown) => void;

  constructor(opts: PromptRunOptions, promptId: string, graph: Graph, expected: number, ctx: EngineRunContext) {
    this.opts = opts;
    this.id = promptId;
    this.graph = graph;
    this.expected = expected;
    this.ctx = ctx;
    this.events = new RunEvents(ctx, opts.log);
    this.result = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    // ComfyUI can fail a prompt on the socket before POST /prompt's answer is read, i.e. before
    // anyone awaits this: marked handled here, so such a failure never becomes an unhandled rejection.
    this.result.catch(() => undefined);
  }

  get promptId(): string {
    return this.id;
  }

  /** Gives up without touching the server (not accepted, or the engine closes). */
  dispose(err?: EngineError): void {
    if (err) this.settle(err);
    else this.cleanup();
  }

  serverLost(err: EngineError): void {
    // A stop under way ends as it meant to (a cancel stays a cancel); the server cannot be asked any more.
    if (this.stopping) this.settle(this.stopError(), true);
    else this.settle(err);
  }

  /**
   * The socket said it ended (`execution_success`, then `executing: null` once history is written).
   * When it also reported every output, the images are fetched at once: a round trip to /history
   * fewer on every task. Otherwise history says, retried briefly as it is written just before
   * `executing: null`.
   */
  protected async finish(): Promise<void> {
    if (this.finishing || this.settled) return;
    this.finishing = true;
    try {
      const heard = outputsHeard(this.graph, this.heardOutputs);
      if (heard) return await this.fromHistory(heard, { written: false });
      for (let i = 0; i < 5 && !this.settled; i++) {
        const entry = await this.opts.link.http.history(this.id);
        if (entry) return await this.fromHistory(entry);
        await new Promise((r) => setTimeout(r, this.opts.pollMs));
      }
    } catch (err) {
      this.opts.log.warn(`ComfyUI history of ${this.id} unavailable: ${String(err)}`);
    } finally {
      this.finishing = false;
    }
    // Still nothing: the watchdog decides from /queue.
    this.quietAfterEnd();
  }

  /** Called when the end was announced but no history came: the watchdog should ask at once. */
  protected quietAfterEnd(): void {}

  /** `written: false`: the entry is what the socket reported, and history may not hold it yet. */
  protected async fromHistory(entry: HistoryEntry, { written = true } = {}): Promise<void> {
    if (this.settled) return;
    const http = this.opts.link.http;
    const failure = historyFailure(entry, this.url);
    if (failure) {
      this.settle(failure);
      forgetFinished(http, this.id);
      return;
    }
    this.finishing = true;
    try {
      const images = await readImages(http, entry, this.graph, this.expected, this.id);
      if (this.settled) return;
      this.events.progress(100);
      this.settle({ images, server: this.url });
    } catch (err) {
      const lost =
        err instanceof EngineError ? err : new EngineError('lost', String(err), { ...this.at(), cause: err });
      this.settle(lost);
    }
    if (written) forgetFinished(http, this.id);
    else forgetPrompt(http, this.id, this.opts.pollMs, this.opts.closing);
  }

  /** The server's own report of a failure, from the socket. */
  protected failed(type: string, data: Record<string, unknown>): void {
    this.settle(historyFailure({ status: { status_str: 'error', messages: [[type, data]] } }, this.url)!);
    forgetPrompt(this.opts.link.http, this.id, this.opts.pollMs, this.opts.closing);
  }

  /** Cancel, time-out or hang: take it off the queue, interrupt it only if it runs, then reject. */
  protected async stop(kind: StopKind, why: string): Promise<void> {
    if (this.settled || this.stopping) return;
    // From here only the stop decides the outcome, even if a late poll finds the images. Still
    // watched until it settles: a server found down meanwhile ends the stop at once.
    this.stopping = { kind, why };
    this.cleanup();
    await stopPrompt(this.opts.link.http, this.id).catch((err: unknown) => {
      this.opts.log.warn(`ComfyUI could not stop ${this.id}: ${String(err)}`);
      this.opts.link.record.abandon(this.id);
    });
    this.settle(this.stopError(), true);
    forgetPrompt(this.opts.link.http, this.id, this.opts.pollMs, this.opts.closing);
  }

  protected settle(outcome: EngineResult | EngineError, fromStop = false): void {
    if (this.settled || (this.stopping && !fromStop)) return;
    this.settled = true;
    this.cleanup();
    if (outcome instanceof EngineError) return this.reject(outcome);
    this.opts.link.record.done++;
    this.resolve(outcome);
  }

  protected get url(): string {
    return this.opts.link.url;
  }

  protected at(): { server: string } {
    return { server: this.url };
  }

  private stopError(): EngineError {
    const { kind, why } = this.stopping!;
    return new EngineError(kind, `ComfyUI prompt ${this.id} ${why}`, this.at());
  }

  private cleanup(): void {
    this.listening = false;
    this.ctx.signal.removeEventListener('abort', this.onAbort);
  }
}
