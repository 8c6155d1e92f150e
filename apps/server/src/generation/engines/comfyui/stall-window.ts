/** Weight of the newest gap in the rolling gap between messages. */
const WEIGHT = 0.2;
/** The window is this many rolling gaps: a sampler step ten times slower than usual is not yet a hang. */
const GAPS = 10;

/**
 * How long a running prompt of ours may stay silent on one server before the server counts as
 * hung: ten times the rolling gap between the messages of running prompts there (steps, nodes,
 * previews), never less than the floor (model loading, a large VAE decode: long quiet nodes).
 */
export class StallWindow {
  private readonly floorMs: number;
  private gap: number | undefined;
  private lastOf: string | undefined;
  private lastAt = 0;

  constructor(floorMs: number) {
    this.floorMs = floorMs;
  }

  /** A message about running prompt `promptId`; gaps are measured within one prompt only. */
  heard(promptId: string, now = Date.now()): void {
    if (this.lastOf === promptId) {
      const gap = now - this.lastAt;
      this.gap = this.gap === undefined ? gap : this.gap + WEIGHT * (gap - this.gap);
    }
    this.lastOf = promptId;
    this.lastAt = now;
  }

  get ms(): number {
    return Math.max(this.floorMs, GAPS * (this.gap ?? 0));
  }
}
