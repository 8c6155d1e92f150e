import {
  EngineError,
  type Engine,
  type EngineEvent,
  type EngineResult,
  type EngineRunContext,
  type EngineTask,
} from '../../engine.ts';
import { createAsyncJobEngine, type AsyncJobOptions, type ProviderJob } from '../async-job/async-job-engine.ts';
import { accountRefusal, createBflProvider, type BflOptions } from './bfl-provider.ts';

export { aspectRatio } from './bfl-provider.ts';

export interface FluxEngineOptions extends Omit<AsyncJobOptions, 'expectedMs'>, BflOptions {
  /**
   * A job BFL finished whose image could not be collected (its link, valid 10 minutes, expired
   * while no process followed the job, e.g. across a long restart): false (the default) leaves
   * that image undelivered, so it is paid back and nothing is billed twice; true sends a new job
   * for it once, which BFL bills again (RESUBMIT_EXPIRED_RESULTS).
   */
  resubmitExpired?: boolean;
}

/** An image's place in the recorded reference: its job, or null when its submission failed. */
type Slot = ProviderJob | null;

const MAX_IMAGES = 4;

/**
 * The reference recorded on the task: `{ jobs }`, the jobs by image (null: that image's submission
 * failed). Images past the list's end were not submitted yet. A reference of the single-list form
 * written before failed submissions were recorded reads the same.
 */
function parseRef(ref: string): Slot[] | null {
  try {
    const value = JSON.parse(ref) as { jobs?: unknown };
    if (!Array.isArray(value.jobs)) return null;
    const ok = value.jobs.every(
      (j) =>
        j === null ||
        (typeof (j as ProviderJob)?.id === 'string' &&
          ['undefined', 'string'].includes(typeof (j as ProviderJob).pollUrl)),
    );
    return ok ? (value.jobs as Slot[]) : null;
  } catch {
    return null;
  }
}

/** Image `i` of a task as the one-job task the provider makes: that image's seed. */
const imageTask = (task: EngineTask, i: number): EngineTask => ({
  ...task,
  count: 1,
  seed: (task.seed + i) % 2 ** 31,
});

/**
 * Black Forest Labs' FLUX API (see bfl-provider.ts). BFL makes one image a job, so a task of
 * `count` images is `count` jobs, image i with seed + i, each followed by the asynchronous-job
 * adapter on its own:
 *
 * - jobs are submitted in image order, each recorded on the task as soon as BFL accepts it, so a
 *   restarted process follows the same jobs instead of paying for them again, and submits only
 *   those its predecessor never sent;
 * - every image is copied as soon as its job is Ready (the link expires after 10 minutes);
 * - an image whose job fails, is moderated or is refused does not fail the others: the task gets
 *   the images that were made (the lifecycle pays the others back) and nothing is sent again. Only
 *   when no image was made does the run fail, with the first image's fault; a refusal of the
 *   account (key, credits) or a provider out of reach stops the submissions still to come;
 * - a job BFL finished whose image could not be collected any more (a restart longer than the
 *   link's life) is `invalid`: paid back without another paid try, unless `resubmitExpired`;
 * - BFL offers no cancel: a cancelled task stops polling and the provider finishes the job unseen.
 */
export function createFluxEngine(options: FluxEngineOptions): Engine {
  /** Jobs BFL reported Ready in this process: their images exist, and are billed. */
  const ready = new Set<string>();
  const provider = createBflProvider(options, (id) => ready.add(id));
  const jobs = createAsyncJobEngine(provider, { ...options, expectedMs: 15_000 });
  const live = new Set<AbortController>();
  const server = provider.server;

  async function follow(task: EngineTask, ctx: EngineRunContext, recorded: Slot[]): Promise<EngineResult> {
    if (!provider.configured) throw new EngineError('unavailable', 'flux: API key missing');
    if (ctx.signal.aborted) throw new EngineError('interrupted', 'flux: cancelled before anything was sent');
    provider.check?.(task);
    const count = Math.max(1, Math.min(MAX_IMAGES, Math.floor(task.count)));
    const slots: (Slot | undefined)[] = recorded.slice(0, count);
    const percent: number[] = Array.from({ length: count }, () => 0);
    const seen = { queued: false, started: false };
    /** A submission fault every later submission would meet (the account refused, BFL out of reach). */
    let noMoreSubmissions: EngineError | null = null;
    /** Faults of images BFL made (and billed) whose result expired: never to be retried. */
    const expired = new Set<EngineError>();
    const own = new AbortController();
    live.add(own);

    const record = () => {
      const list = slots.slice(0, slots.findLastIndex((s) => s !== undefined) + 1).map((s) => s ?? null);
      ctx.onEvent({ type: 'accepted', server, ref: JSON.stringify({ jobs: list }) });
    };
    const report = (i: number, e: EngineEvent) => {
      if (e.type === 'queued' && !seen.queued && !seen.started) ctx.onEvent(e);
      if (e.type === 'queued') seen.queued = true;
      if (e.type === 'started' && !seen.started) ctx.onEvent(e);
      if (e.type === 'started') seen.started = true;
      if (e.type === 'progress') {
        percent[i] = e.percent;
        const all = Math.round(percent.reduce((a, b) => a + b, 0) / count);
        if (seen.started) ctx.onEvent({ type: 'progress', percent: Math.min(99, all) });
      }
    };

    /** Follows image i's job (`job`), or submits a new one; `accepted` once BFL took the new one. */
    function runJob(i: number, job: ProviderJob | undefined, accepted?: () => void) {
      const sub: EngineRunContext = {
        signal: ctx.signal,
        avoidServers: ctx.avoidServers,
        onEvent(e) {
          if (e.type !== 'accepted') return report(i, e);
          slots[i] = parseRef(e.ref)?.[0] ?? undefined;
          record();
          accepted?.();
        },
      };
      return job
        ? jobs.resume!(imageTask(task, i), { server, ref: JSON.stringify({ jobs: [job] }) }, sub)
        : jobs.run(imageTask(task, i), sub);
    }

    /** Image i's bytes, or why it was not made. */
    async function image(i: number, accepted?: () => void): Promise<Buffer[]> {
      const slot = slots[i];
      if (slot === null)
        throw new EngineError('invalid', `flux: image ${i + 1}'s submission failed before a restart; not sent again`);
      for (let fresh = slot === undefined; ; fresh = true) {
        if (fresh && own.signal.aborted) throw new EngineError('lost', 'flux: the process is stopping');
        if (fresh && noMoreSubmissions) throw noMoreSubmissions;
        const job = fresh ? undefined : slot!;
        try {
          return (await runJob(i, job, accepted)).images;
        } catch (error) {
          if (own.signal.aborted || ctx.signal.aborted || !(error instanceof EngineError)) throw error;
          const made = slots[i];
          if (!made) {
            // Its submission failed: nothing of it to follow, and not sent again.
            slots[i] = null;
            if (slots.some(Boolean)) record();
            if (error.kind === 'unavailable' || accountRefusal(error)) noMoreSubmissions = error;
            throw error;
          }
          if (error.kind !== 'lost' || !ready.delete(made.id)) throw error;
          // BFL made (and billed) the image, but it can no longer be collected: its link expired.
          if (options.resubmitExpired && job) {
            slots[i] = undefined;
            continue;
          }
          const fault = new EngineError(
            'invalid',
            `flux: the result of job ${made.id} expired before it could be collected (${error.message}); ` +
              (options.resubmitExpired
                ? 'its new job fared no better'
                : 'not submitted again, as that would be billed twice (RESUBMIT_EXPIRED_RESULTS is off)'),
            { server, cause: error, taskError: 'TASK_RESULT_EXPIRED' },
          );
          expired.add(fault);
          throw fault;
        } finally {
          if (slots[i]) ready.delete(slots[i]!.id);
        }
      }
    }

    try {
      // Submissions go in image order, each once the one before was accepted or failed, so the
      // recorded list holds the jobs by image and a restarted process knows which are missing.
      let turn: Promise<void> = Promise.resolve();
      const runs = Array.from({ length: count }, (_, i) => {
        if (slots[i] !== undefined) return image(i);
        const before = turn;
        let pass!: () => void;
        turn = new Promise<void>((resolve) => (pass = resolve));
        return before.then(() => image(i, pass)).finally(pass);
      });
      const settled = await Promise.allSettled(runs);
      if (own.signal.aborted && !ctx.signal.aborted) {
        throw new EngineError('lost', 'flux: the process stopped while following the task');
      }
      const faults = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as unknown] : []));
      if (ctx.signal.aborted) {
        throw (
          faults.find((f) => f instanceof EngineError && f.kind === 'interrupted') ??
          new EngineError('interrupted', 'flux: stopped at our request')
        );
      }
      const images = settled.flatMap((s) => (s.status === 'fulfilled' ? s.value : []));
      // Nothing made: the first image's fault, unless an image was paid for and lost to its link's
      // expiry, which must not be retried (a retry would send every job again, that one included).
      if (images.length === 0) throw faults.find((f) => expired.has(f as EngineError)) ?? faults[0];
      ctx.onEvent({ type: 'progress', percent: 100 });
      return { images, server };
    } finally {
      live.delete(own);
    }
  }

  return {
    name: 'flux',
    canCancelRunning: true,
    queuesAtServer: true,
    run: (task, ctx) => follow(task, ctx, []),
    async resume(task, at, ctx) {
      const recorded = parseRef(at.ref);
      if (!recorded) throw new EngineError('lost', 'flux: the recorded job reference is unreadable');
      return follow(task, ctx, recorded);
    },
    health: () => jobs.health(),
    available: () => jobs.available(),
    capacity: () => undefined,
    async close() {
      for (const c of live) c.abort('closed');
      await jobs.close();
    },
  };
}
