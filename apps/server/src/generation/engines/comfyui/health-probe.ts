import { ComfyHttp, describeFailure } from './comfy-http.ts';
import { missingOnServer } from './object-info.ts';
import { forgetPrompt, stopPrompt, whereInQueue } from './prompt-server-ops.ts';
import type { ServerLink } from './server-record.ts';
import type { ComfyModels } from './workflow-mapping.ts';

export interface ProbeTimings {
  /** Probe interval while prompts of ours are there. */
  probeMs: number;
  /** Probe interval while it is up and holds nothing of ours (keeps available() and health() current). */
  idleProbeMs: number;
  /** A probe (GET /prompt) not answered by then fails: the machine stopped answering. */
  probeTimeoutMs: number;
  /** First probe after it went down; doubled per failed probe up to `downRetryMaxMs`. */
  downRetryMs: number;
  downRetryMaxMs: number;
}

export interface HealthProbeDeps {
  timings: ProbeTimings;
  log: { info(msg: string): void; error(msg: string): void };
  /** The node classes our templates use and the model files we ask for: what /object_info must list. */
  classes: string[];
  models: ComfyModels;
  /** Aborted when the engine closes: background clean-up stops. */
  closing: AbortSignal;
}

/** What a probe found: whether the server takes work, and why it is down when the probe failed. */
export interface ProbeResult {
  up: boolean;
  down?: string;
}

/**
 * The health checks of one server, written to its record: the probe (GET /prompt with a short time
 * limit; while it is hung, GET /queue as well), the /object_info check of what it lacks, and the
 * clean-up of our prompts it may still hold when it is back. It answers its caller (the fleet
 * server, which decides when to probe and what a failed probe means for the prompts there) and
 * calls nothing above it.
 */
export class HealthProbe {
  /** When the last probe started (ms since epoch). */
  lastProbeAt = 0;
  private readonly link: ServerLink;
  private readonly probeHttp: ComfyHttp;
  private readonly deps: HealthProbeDeps;
  private checking: Promise<void> | undefined;
  private recheck = false;
  private opened = false;
  private lastCheckAt = 0;

  constructor(link: ServerLink, deps: HealthProbeDeps) {
    this.link = link;
    this.deps = deps;
    this.probeHttp = new ComfyHttp(link.url, deps.timings.probeTimeoutMs);
  }

  /** A reconnect may be a restart with other models installed: checked again before the next dispatch. */
  socketOpened(): void {
    if (this.opened) this.recheck = true;
    this.opened = true;
  }

  /** GET /object_info when not checked yet (or since a reconnect), shared by concurrent callers. */
  check(force = false): Promise<void> {
    const { record, http } = this.link;
    if (record.missing && !this.recheck && !force) return Promise.resolve();
    this.recheck = false;
    this.lastCheckAt = Date.now();
    this.checking ??= http
      .objectInfo()
      .then((info) => {
        const missing = missingOnServer(info, this.deps.classes, this.deps.models);
        if (missing.length > 0) this.deps.log.error(`ComfyUI ${this.link.url} lacks ${missing.join('; ')}`);
        record.checked(missing);
      })
      .finally(() => (this.checking = undefined));
    return this.checking;
  }

  /** A check under way (at start), if any: health() waits for it briefly. */
  get pendingCheck(): Promise<void> | undefined {
    return this.checking;
  }

  /** One probe; never rejects. A down server that answers is checked again and comes back. */
  async probe(): Promise<ProbeResult> {
    this.lastProbeAt = Date.now();
    const { record } = this.link;
    try {
      const remaining = await this.probeHttp.remaining();
      if (record.hungOn && whereInQueue(await this.probeHttp.queue(), record.hungOn) === 'running') {
        // Answers, but still wedged on the prompt it hung on.
        record.failures++;
        return { up: false };
      }
      record.hungOn = undefined;
      record.remaining = remaining;
      if (record.state === 'down') await this.revive();
      // An operator may install what it lacked without restarting it: looked at again now and then.
      else if (record.state === 'draining' && Date.now() - this.lastCheckAt >= this.deps.timings.idleProbeMs) {
        this.check(true).catch(() => undefined);
      }
      return { up: record.state !== 'down' };
    } catch (err) {
      return { up: false, down: `probe failed: ${describeFailure(err)}` };
    }
  }

  /** How long until the next probe: backing off while it is down, often while prompts of ours are there. */
  nextProbeIn(busy: boolean): number {
    const t = this.deps.timings;
    const { record } = this.link;
    const backoff = Math.min(t.downRetryMaxMs, t.downRetryMs * 2 ** Math.min(20, Math.max(0, record.failures - 1)));
    const interval = record.state === 'down' ? backoff : busy ? t.probeMs : t.idleProbeMs;
    return Math.max(0, this.lastProbeAt + interval - Date.now());
  }

  private async revive(): Promise<void> {
    const { record, http } = this.link;
    await this.check(true);
    record.revived();
    this.deps.log.info(`ComfyUI ${this.link.url} is back (${record.state})`);
    for (const id of record.abandoned) {
      // A network split, not a restart, leaves them queued or running: they were sent elsewhere since.
      stopPrompt(http, id)
        .then(() => forgetPrompt(http, id, this.deps.timings.probeMs, this.deps.closing))
        .catch(() => undefined);
    }
    record.abandoned.clear();
  }
}
