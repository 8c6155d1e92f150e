import { EngineError, type EngineRunContext } from '../../engine.ts';
import { ComfyConnectionError } from './comfy-http.ts';
import { queueRemainingOf } from './comfy-socket.ts';
import type { Graph, HistoryEntry, HistoryOutput, PreviewFrame, QueueInfo, SocketMessage } from './comfy-types.ts';
import { GraphProgress } from './graph-progress.ts';
import { PromptOutcome, type PromptRunOptions } from './prompt-outcome.ts';
import { whereInQueue } from './prompt-server-ops.ts';

export type { PromptRunOptions } from './prompt-outcome.ts';

/** What a look at a silent running prompt found (verifyHung). */
export type HangVerdict = { hung: string } | 'unanswered' | undefined;

/**
 * Follows one accepted prompt on one server to its end. The socket brings progress and the end;
 * when it goes quiet (dropped frames, half-open connection, restart) a watchdog asks /history and
 * /queue instead, which is also how a prompt the server forgot is told apart from a slow one. A
 * running prompt silent for longer than the server's stall window means the server hung.
 *
 * It uses its server's protocol client and record and nothing above them: the fleet server passes
 * it the socket's events, ticks its watchdog (`check`), tells it its place in the queue and when
 * the server is lost, and acts on what it returns.
 */
export class PromptRun extends PromptOutcome {
  private readonly progress: GraphProgress;
  private following = false;
  private polling = false;
  private verifying = false;
  /** Queued under another client id (taken up after a restart): its messages never reach us. */
  private deaf = false;
  /** The last poll found the server unreachable (refused, reset): a timeout then means it is gone. */
  private unreachable = false;
  private pendingPosition = Infinity;
  private lastMessageAt = Date.now();
  private lastProgressAt = Date.now();
  private lastPollAt = 0;

  constructor(opts: PromptRunOptions, promptId: string, graph: Graph, expected: number, ctx: EngineRunContext) {
    super(opts, promptId, graph, expected, ctx);
    this.progress = new GraphProgress(graph);
  }

  get waiting(): boolean {
    return this.following && !this.settled && !this.stopping && !this.events.started;
  }

  /** Followed (accepted, or taken up after a restart). */
  get followed(): boolean {
    return this.following;
  }

  /** Followed and not settled yet: ticked, and lost with its server. */
  get watched(): boolean {
    return this.following && !this.settled;
  }

  /** How often its watchdog looks (`check`). */
  get tickMs(): number {
    return Math.max(5, Math.min(this.opts.pollMs, this.opts.stallMs) / 2);
  }

  /**
   * Starts watching once ComfyUI accepted the prompt, under the id it answered with. False when it
   * already ended (a fast prompt can end before POST /prompt's answer is read): nothing to watch.
   */
  follow(acceptedId = this.id): boolean {
    if (acceptedId !== this.id) {
      this.opts.log.warn(`ComfyUI ${this.url} ignores prompt_id (too old?): follows ${acceptedId}`);
      this.id = acceptedId;
    }
    this.events.open({ type: 'accepted', server: this.url, ref: this.id });
    return this.watch();
  }

  /** Starts watching a prompt a previous process left there; `takeUp` then gives what was found of it. */
  resume(deaf: boolean): boolean {
    this.deaf = deaf;
    this.events.open();
    return this.watch();
  }

  /** What the server said of a resumed prompt: finished (its history entry), or still in the queue. */
  takeUp(found: { entry?: HistoryEntry; queue?: QueueInfo }): void {
    if (found.entry) this.background(this.fromHistory(found.entry));
    else if (found.queue) this.queueSeen(found.queue);
  }

  /** A cancel that came before it was watched stops it now. */
  cancelIfAborted(): void {
    if (this.ctx.signal.aborted) this.onAbort();
  }

  onMessage(message: SocketMessage): void {
    const { type, data } = message;
    if (type === 'status') {
      // An empty queue while we wait means it finished or the server was reset: ask.
      if (this.following && queueRemainingOf(message) === 0) this.background(this.poll());
      return;
    }
    if (data.prompt_id !== this.id || this.settled) return;
    this.heard();
    switch (type) {
      case 'execution_start':
        this.markStarted();
        break;
      case 'execution_cached':
        this.markStarted();
        this.events.progress(this.progress.cached(data.nodes));
        break;
      case 'executing':
        if (data.node == null) this.background(this.finish());
        else {
          this.markStarted();
          this.events.progress(this.progress.executing(String(data.node)));
        }
        break;
      case 'progress':
        this.markStarted();
        this.events.progress(this.progress.progress(data.node, data.value, data.max));
        break;
      case 'executed': {
        const output = data.output as HistoryOutput | undefined;
        if (data.node != null && output) this.heardOutputs[String(data.node)] = output;
        break;
      }
      case 'execution_success':
        this.background(this.finish());
        break;
      case 'execution_error':
      case 'execution_interrupted':
        this.failed(type, data);
        break;
    }
  }

  onPreview(frame: PreviewFrame): void {
    if (frame.promptId !== this.id || this.settled) return;
    this.heard();
    this.events.preview(frame.image);
  }

  onOpen(): void {
    // A new connection: messages were missed, and if the server restarted our prompt is gone.
    if (this.following) this.background(this.poll());
  }

  /** Its place in the server's queue (while waiting), or that it runs. */
  queueSeen(queue: QueueInfo): void {
    if (this.settled || this.stopping || !this.following) return;
    const where = whereInQueue(queue, this.id);
    if (where === 'running') {
      if (!this.events.started) this.lastProgressAt = Date.now();
      this.markStarted();
    } else if (where !== undefined) {
      if (where < this.pendingPosition) this.lastProgressAt = Date.now();
      this.pendingPosition = where;
      this.events.queued(where);
    } else this.background(this.poll()); // finished meanwhile, or forgotten
  }

  /**
   * The watchdog, every `tickMs`: no progress for `timeoutMs` stops it; a socket quiet for
   * `stallMs` makes it ask the server. Returns how long it has been silent while it runs, once that
   * is past the server's stall window: whether the server hung on it is verifyHung's to find out.
   */
  check(): number | undefined {
    if (this.settled || this.stopping) return undefined;
    const now = Date.now();
    if (now - this.lastProgressAt >= this.opts.timeoutMs) {
      // A server that stopped answering lost the prompt (worth a retry elsewhere); one that answers stalled it.
      if (this.unreachable)
        this.background(this.stop('lost', `server unreachable, no progress for ${this.opts.timeoutMs} ms`));
      else this.background(this.stop('stalled', `no progress for ${this.opts.timeoutMs} ms`));
      return undefined;
    }
    const socket = this.opts.link.socket;
    if (this.events.started && !this.deaf && socket.open) {
      const quiet = now - Math.max(this.lastMessageAt, socket.openedAt ?? now);
      if (quiet >= this.opts.link.record.stallWindowMs) return quiet;
    }
    if (now - this.lastMessageAt >= this.opts.stallMs && now - this.lastPollAt >= this.opts.pollMs)
      this.background(this.poll());
    return undefined;
  }

  /**
   * Silent past the stall window: if /queue still shows it running, the server hung on it, and it
   * is stopped and lost (`{hung}`: why, for the server's record). `unanswered`: /queue did not
   * answer either, so only a probe can tell whether the server is down.
   */
  async verifyHung(quietMs: number): Promise<HangVerdict> {
    if (this.verifying) return undefined;
    this.verifying = true;
    try {
      const where = whereInQueue(await this.opts.link.http.queue(), this.id);
      if (this.settled || this.stopping) return undefined;
      if (where !== 'running') {
        this.background(this.poll());
        return undefined;
      }
      const why = `hung: prompt ${this.id} runs without a message for ${quietMs} ms`;
      await this.stop('lost', why);
      return { hung: why };
    } catch {
      return 'unanswered';
    } finally {
      this.verifying = false;
    }
  }

  private watch(): boolean {
    this.following = true;
    // A fast prompt can end before POST /prompt's answer is read: nothing left to watch.
    if (this.settled) return false;
    this.lastMessageAt = this.lastProgressAt = Date.now();
    this.ctx.signal.addEventListener('abort', this.onAbort);
    return true;
  }

  private heard(): void {
    this.lastMessageAt = this.lastProgressAt = Date.now();
    this.opts.link.record.heard(this.id);
  }

  /** Reconciles with the server's own view: history first, then the queue, then history again. */
  private async poll(): Promise<void> {
    if (this.polling || this.settled || this.finishing) return;
    this.polling = true;
    this.lastPollAt = Date.now();
    const { http, socket } = this.opts.link;
    try {
      const entry = await http.history(this.id);
      this.unreachable = false;
      if (entry) return await this.fromHistory(entry);
      const queue = await http.queue();
      const where = whereInQueue(queue, this.id);
      if (where !== undefined) {
        this.queueSeen(queue);
        // Running, yet quiet on our socket: it may be half-open. A new connection brings the messages again.
        const quietSince = this.lastMessageAt;
        if (where === 'running' && !this.deaf && Date.now() - quietSince >= this.opts.stallMs) {
          if (socket.open && (socket.openedAt ?? 0) <= quietSince) socket.reconnect();
        }
      } else {
        // It may have finished between the two calls; if history still has nothing, it is gone.
        const late = await http.history(this.id);
        if (late) return await this.fromHistory(late);
        this.settle(new EngineError('lost', `ComfyUI no longer knows prompt ${this.id} (restarted?)`, this.at()));
      }
    } catch (err) {
      // Unreachable for now: the probes decide whether the server is down.
      if (err instanceof ComfyConnectionError) this.unreachable = true;
      else this.opts.log.warn(`ComfyUI poll failed: ${String(err)}`);
    } finally {
      this.polling = false;
    }
  }

  private markStarted(): void {
    this.events.start();
  }

  protected override quietAfterEnd(): void {
    this.lastMessageAt = 0;
  }
}
