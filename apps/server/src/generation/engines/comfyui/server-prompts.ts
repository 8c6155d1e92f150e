// Our prompts on one server, split from fleet-server.ts: the set the fleet server keeps of them,
// handing each the socket's events and its place in the queue (read when a status broadcast says
// the queue changed), and losing them all when the server goes down. The fleet server calls it and
// decides what follows; it calls only the prompts, the queue reads and the record below it (see
// README.md, layers).
import { EngineError } from '../../engine.ts';
import { queueRemainingOf, type SocketEvent } from './comfy-socket.ts';
import type { SocketMessage } from './comfy-types.ts';
import type { PromptRun } from './prompt-run.ts';
import { QueueWatch } from './queue-watch.ts';
import type { ServerLink } from './server-record.ts';

export class ServerPrompts {
  /** Told the socket's events while they listen, ticked by the fleet server while they are watched. */
  private readonly runs = new Set<PromptRun>();
  private readonly link: ServerLink;
  private readonly queueWatch: QueueWatch;
  private readonly log: { warn(msg: string): void };

  constructor(link: ServerLink, queueRefreshMs: number, log: { warn(msg: string): void }) {
    this.link = link;
    this.log = log;
    this.queueWatch = new QueueWatch(link.http, queueRefreshMs);
  }

  add(run: PromptRun): void {
    this.runs.add(run);
  }

  delete(run: PromptRun): void {
    this.runs.delete(run);
  }

  /** Whether one of them is watched: the server is then probed often. */
  get busy(): boolean {
    return this.live().some((run) => run.watched);
  }

  /** A socket event for every prompt that listens (a close is the fleet server's alone). */
  tell(event: Exclude<SocketEvent, { type: 'close' }>): void {
    for (const run of this.live()) {
      if (!run.listening) continue;
      // One prompt's fault must not keep the event from the others.
      try {
        if (event.type === 'message') run.onMessage(event.message);
        else if (event.type === 'preview') run.onPreview(event.frame);
        else run.onOpen();
      } catch (err) {
        this.log.warn(`ComfyUI socket listener failed: ${String(err)}`);
      }
    }
  }

  /** A status broadcast: the server's queue length, and whether the places of our waiting prompts changed. */
  statusHeard(message: SocketMessage): void {
    if (message.type !== 'status') return;
    const { record } = this.link;
    const remaining = queueRemainingOf(message);
    if (remaining !== undefined) record.broadcast = remaining;
    if (record.broadcast === undefined || record.broadcast === record.remaining) return;
    record.remaining = record.broadcast;
    this.refreshQueue();
  }

  /** The places of our waiting prompts are due (one GET /queue, throttled). */
  refreshQueue(): void {
    if (!this.live().some((run) => run.waiting)) return;
    this.queueWatch
      .request()
      ?.then((queue) => {
        if (queue) for (const run of this.live()) if (run.waiting) run.queueSeen(queue);
      })
      // Unreachable: the probes decide about the server; the places wait for the next change.
      .catch((err: unknown) => this.log.warn(`ComfyUI queue not read: ${String(err)}`));
  }

  /** The server is down: every prompt still watched there is lost now, and taken off it when it is back. */
  lose(err: EngineError): void {
    for (const run of this.live()) {
      if (!run.watched) continue;
      this.link.record.abandon(run.promptId);
      run.serverLost(err);
    }
  }

  close(): void {
    for (const run of this.runs) if (run.followed) run.dispose(new EngineError('lost', 'ComfyUI engine closed'));
    this.queueWatch.close();
  }

  /** Our prompts there that still listen or are watched (the others are forgotten here). */
  private live(): PromptRun[] {
    for (const run of this.runs) if (!run.listening && !run.watched) this.runs.delete(run);
    return [...this.runs];
  }
}
