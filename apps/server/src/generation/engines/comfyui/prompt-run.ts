import { EngineError, type EngineResult, type EngineRunContext } from '../../engine.ts';
import { ComfyConnectionError, type ComfyHttp } from './comfy-http.ts';
import type { ComfySocket, SocketListener } from './comfy-socket.ts';
import type { Graph, HistoryEntry, PreviewFrame, SocketMessage } from './comfy-types.ts';
import { GraphProgress } from './graph-progress.ts';
import { forgetPrompt, historyFailure, readImages, stopPrompt, whereInQueue } from './prompt-server-ops.ts';

export interface PromptRunOptions {
  http: ComfyHttp;
  socket: ComfySocket;
  stallMs: number;
  timeoutMs: number;
  pollMs: number;
  /** Aborted when the engine closes: background clean-up stops. */
  closing: AbortSignal;
  log: { info(msg: string): void; warn(msg: string): void };
}

/**
 * Follows one accepted prompt on one server to its end. The socket brings progress and the end;
 * when it goes quiet (dropped frames, half-open connection, restart) a watchdog asks /history and
 * /queue instead, which is also how a prompt the server forgot is told apart from a slow one.
 */
export class PromptRun implements SocketListener {
  private readonly progress: GraphProgress;
  private readonly unsubscribe: () => void;
  private resolve!: (result: EngineResult) => void;
  private reject!: (err: unknown) => void;
  private readonly result: Promise<EngineResult>;
  private following = false;
  private settled = false;
  private started = false;
  private finishing = false;
  private polling = false;
  /** The last poll found the server unreachable (refused, reset): a timeout then means it is gone. */
  private unreachable = false;
  private percent = 0;
  private pendingPosition = Infinity;
  private lastMessageAt = Date.now();
  private lastProgressAt = Date.now();
  private lastPollAt = 0;
  private ticker: NodeJS.Timeout | undefined;
  private readonly onAbort = (): void => void this.stop('interrupted', 'cancelled');

  private stopping = false;
  private readonly opts: PromptRunOptions;
  private promptId: string;
  private readonly graph: Graph;
  private readonly expected: number;
  private readonly ctx: EngineRunContext;

  constructor(opts: PromptRunOptions, promptId: string, graph: Graph, expected: number, ctx: EngineRunContext) {
    this.opts = opts;
    this.promptId = promptId;
    this.graph = graph;
    this.expected = expected;
    this.ctx = ctx;
    this.progress = new GraphProgress(graph);
    this.result = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    // ComfyUI can fail a prompt on the socket before POST /prompt's answer is read, i.e. before
    // anyone awaits this: marked handled here, so such a failure never becomes an unhandled rejection.
    this.result.catch(() => undefined);
    // Subscribed before POST /prompt: the first messages can beat the HTTP answer.
    this.unsubscribe = opts.socket.subscribe(this);
  }

  /** Starts watching once ComfyUI accepted the prompt, under the id it answered with. */
  follow(acceptedId = this.promptId): Promise<EngineResult> {
    if (acceptedId !== this.promptId) {
      this.opts.log.warn(`ComfyUI ${this.opts.http.url} ignores prompt_id (too old?): follows ${acceptedId}`);
      this.promptId = acceptedId;
    }
    this.following = true;
    // A fast prompt can end before POST /prompt's answer is read: nothing left to watch.
    if (this.settled) return this.result;
    this.lastMessageAt = this.lastProgressAt = Date.now();
    const tick = Math.max(5, Math.min(this.opts.pollMs, this.opts.stallMs) / 2);
    this.ticker = setInterval(() => this.check(), tick);
    this.ctx.signal.addEventListener('abort', this.onAbort);
    if (this.ctx.signal.aborted) this.onAbort();
    return this.result;
  }

  /** Gives up without touching the server (not accepted, or the engine closes). */
  dispose(err?: EngineError): void {
    if (err) this.settle(err);
    else this.cleanup();
  }

  onMessage(message: SocketMessage): void {
    const { type, data } = message;
    if (type === 'status') {
      // An empty queue while we wait means it finished or the server was reset: ask.
      const remaining = (data.status as { exec_info?: { queue_remaining?: number } } | undefined)?.exec_info;
      if (this.following && remaining?.queue_remaining === 0) void this.poll();
      return;
    }
    if (data.prompt_id !== this.promptId || this.settled) return;
    this.lastMessageAt = this.lastProgressAt = Date.now();
    switch (type) {
      case 'execution_start':
        this.markStarted();
        break;
      case 'execution_cached':
        this.markStarted();
        this.report(this.progress.cached(data.nodes));
        break;
      case 'executing':
        if (data.node == null) void this.finish();
        else {
          this.markStarted();
          this.report(this.progress.executing(String(data.node)));
        }
        break;
      case 'progress':
        this.markStarted();
        this.report(this.progress.progress(data.node, data.value, data.max));
        break;
      case 'execution_success':
        void this.finish();
        break;
      case 'execution_error':
      case 'execution_interrupted':
        this.settle(historyFailure({ status: { status_str: 'error', messages: [[type, data]] } }, this.opts.http.url)!);
        forgetPrompt(this.opts.http, this.promptId, this.opts.pollMs, this.opts.closing);
        break;
    }
  }

  onPreview(frame: PreviewFrame): void {
    if (frame.promptId !== this.promptId || this.settled) return;
    this.lastMessageAt = this.lastProgressAt = Date.now();
    this.ctx.onEvent({ type: 'progress', percent: this.percent, preview: frame.image });
  }

  onOpen(): void {
    // A new connection: messages were missed, and if the server restarted our prompt is gone.
    if (this.following) void this.poll();
  }

  private check(): void {
    if (this.settled) return;
    const now = Date.now();
    if (now - this.lastProgressAt >= this.opts.timeoutMs) {
      // A server that stopped answering lost the prompt (worth a retry elsewhere); one that answers stalled it.
      if (this.unreachable) void this.stop('lost', `server unreachable, no progress for ${this.opts.timeoutMs} ms`);
      else void this.stop('stalled', `no progress for ${this.opts.timeoutMs} ms`);
      return;
    }
    if (now - this.lastMessageAt >= this.opts.stallMs && now - this.lastPollAt >= this.opts.pollMs) void this.poll();
  }

  /** Reconciles with the server's own view: history first, then the queue, then history again. */
  private async poll(): Promise<void> {
    if (this.polling || this.settled || this.finishing) return;
    this.polling = true;
    this.lastPollAt = Date.now();
    try {
      const entry = await this.opts.http.history(this.promptId);
      this.unreachable = false;
      if (entry) return await this.fromHistory(entry);
      const where = whereInQueue(await this.opts.http.queue(), this.promptId);
      if (where === 'running') {
        if (!this.started) this.lastProgressAt = Date.now();
        this.markStarted();
      } else if (typeof where === 'number') {
        if (where < this.pendingPosition) this.lastProgressAt = Date.now();
        this.pendingPosition = where;
      } else {
        // It may have finished between the two calls; if history still has nothing, it is gone.
        const late = await this.opts.http.history(this.promptId);
        if (late) return await this.fromHistory(late);
        this.settle(new EngineError('lost', `ComfyUI no longer knows prompt ${this.promptId} (restarted?)`, this.at()));
      }
    } catch (err) {
      // Unreachable for now: the reconnect reconciles, or the timeout ends the task.
      if (err instanceof ComfyConnectionError) this.unreachable = true;
      else this.opts.log.warn(`ComfyUI poll failed: ${String(err)}`);
    } finally {
      this.polling = false;
    }
  }

  /** The socket said it ended; history is written just before `executing: null`, so retry briefly. */
  private async finish(): Promise<void> {
    if (this.finishing || this.settled) return;
    this.finishing = true;
    try {
      for (let i = 0; i < 5 && !this.settled; i++) {
        const entry = await this.opts.http.history(this.promptId);
        if (entry) return await this.fromHistory(entry);
        await new Promise((r) => setTimeout(r, this.opts.pollMs));
      }
    } catch (err) {
      this.opts.log.warn(`ComfyUI history of ${this.promptId} unavailable: ${String(err)}`);
    } finally {
      this.finishing = false;
    }
    // Still nothing: the watchdog decides from /queue.
    this.lastMessageAt = 0;
  }

  private async fromHistory(entry: HistoryEntry): Promise<void> {
    if (this.settled) return;
    const failure = historyFailure(entry, this.opts.http.url);
    if (failure) {
      this.settle(failure);
      forgetPrompt(this.opts.http, this.promptId, this.opts.pollMs, this.opts.closing);
      return;
    }
    this.finishing = true;
    try {
      const images = await readImages(this.opts.http, entry, this.graph, this.expected, this.promptId);
      if (this.settled) return;
      this.report(100);
      this.settle({ images, server: this.opts.http.url });
    } catch (err) {
      this.settle(
        err instanceof EngineError ? err : new EngineError('lost', String(err), { ...this.at(), cause: err }),
      );
    }
    forgetPrompt(this.opts.http, this.promptId, this.opts.pollMs, this.opts.closing);
  }

  /** Cancel or time-out: take it off the queue, interrupt it only if it runs, then reject. */
  private async stop(kind: 'interrupted' | 'stalled' | 'lost', why: string): Promise<void> {
    if (this.settled || this.stopping) return;
    // From here only the stop decides the outcome, even if a late poll finds the images.
    this.stopping = true;
    this.cleanup();
    await stopPrompt(this.opts.http, this.promptId).catch((err: unknown) => {
      this.opts.log.warn(`ComfyUI could not stop ${this.promptId}: ${String(err)}`);
    });
    this.settle(new EngineError(kind, `ComfyUI prompt ${this.promptId} ${why}`, this.at()), true);
    forgetPrompt(this.opts.http, this.promptId, this.opts.pollMs, this.opts.closing);
  }

  private markStarted(): void {
    if (this.started) return;
    this.started = true;
    this.ctx.onEvent({ type: 'started' });
  }

  private report(percent: number): void {
    if (percent <= this.percent) return;
    this.percent = percent;
    this.ctx.onEvent({ type: 'progress', percent });
  }

  private settle(outcome: EngineResult | EngineError, fromStop = false): void {
    if (this.settled || (this.stopping && !fromStop)) return;
    this.settled = true;
    this.cleanup();
    if (outcome instanceof EngineError) this.reject(outcome);
    else this.resolve(outcome);
  }

  private cleanup(): void {
    clearInterval(this.ticker);
    this.unsubscribe();
    this.ctx.signal.removeEventListener('abort', this.onAbort);
  }

  private at(): { server: string } {
    return { server: this.opts.http.url };
  }
}
