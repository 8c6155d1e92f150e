import type { EngineEvent, EngineRunContext } from '../../engine.ts';

/**
 * The events of one run, as the caller sees them: `accepted` first (a fast prompt's messages can
 * beat the answer to POST /prompt, so they wait for it), `queued` only when its place changes and
 * only before `started`, `started` once, progress never going back. A caller's callback that throws
 * is logged: it must not break the socket's message dispatch.
 */
export class RunEvents {
  started = false;
  percent = 0;
  private ahead: number | undefined;
  private held: EngineEvent[] | undefined = [];
  private readonly ctx: EngineRunContext;
  private readonly log: { warn(msg: string): void };

  constructor(ctx: EngineRunContext, log: { warn(msg: string): void }) {
    this.ctx = ctx;
    this.log = log;
  }

  /** From here on events reach the caller, `first` ahead of whatever waited. */
  open(first?: EngineEvent): void {
    const held = this.held ?? [];
    this.held = undefined;
    if (first) this.emit(first);
    for (const event of held) this.emit(event);
  }

  start(): boolean {
    if (this.started) return false;
    this.started = true;
    this.emit({ type: 'started' });
    return true;
  }

  queued(ahead: number): void {
    if (this.started || ahead === this.ahead) return;
    this.ahead = ahead;
    this.emit({ type: 'queued', ahead });
  }

  progress(percent: number): void {
    if (percent <= this.percent) return;
    this.percent = percent;
    this.emit({ type: 'progress', percent });
  }

  /** Every frame is passed on (the caller keeps the latest). */
  preview(image: Buffer): void {
    this.emit({ type: 'progress', percent: this.percent, preview: image });
  }

  private emit(event: EngineEvent): void {
    if (this.held) {
      this.held.push(event);
      return;
    }
    try {
      this.ctx.onEvent(event);
    } catch (err) {
      this.log.warn(`ComfyUI run event ${event.type} not taken: ${String(err)}`);
    }
  }
}
