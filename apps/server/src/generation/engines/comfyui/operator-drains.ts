/** An operator took the server out of rotation: who, and when (the same on every node). */
export interface DrainMark {
  by: string;
  at: Date;
}

/**
 * Where the operators' drains are kept (a table every node reads): server URL → its drain. The
 * engine asks when it chooses a server and when its health is asked, so every node follows a drain
 * or a resume at its next dispatch, and a restarted node knows at once.
 */
export type DrainSource = () => Promise<ReadonlyMap<string, DrainMark>>;

type Marks = ReadonlyMap<string, DrainMark> | undefined;

/**
 * Reads the drains for the fleet's servers. A read already under way may have started before the
 * drain a caller has just made, so the caller waits for the next read instead; callers arriving
 * meanwhile share it. A failed read keeps what was known (the database may be briefly away).
 */
export class OperatorDrains {
  private reading: Promise<Marks> | undefined;
  private queued: Promise<Marks> | undefined;
  private known: Marks;

  private readonly source: DrainSource | undefined;
  private readonly log: { warn(msg: string): void };

  constructor(source: DrainSource | undefined, log: { warn(msg: string): void }) {
    this.source = source;
    this.log = log;
  }

  /** The drains as read now, or as last read when this read fails; undefined until one read succeeded. */
  refresh(): Promise<Marks> {
    if (!this.source) return Promise.resolve(undefined);
    if (this.queued) return this.queued;
    if (!this.reading) {
      this.reading = this.read().finally(() => (this.reading = undefined));
      return this.reading;
    }
    this.queued = this.reading.then(() => {
      this.queued = undefined;
      return this.refresh();
    });
    return this.queued;
  }

  private async read(): Promise<Marks> {
    try {
      this.known = await this.source!();
    } catch (err) {
      this.log.warn(`ComfyUI drains not read (the last known ones stay): ${String(err)}`);
    }
    return this.known;
  }
}
