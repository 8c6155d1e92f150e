import sharp from 'sharp';
import {
  EngineError,
  type Engine,
  type EngineHealth,
  type EngineName,
  type EngineResult,
  type EngineRunContext,
  type EngineTask,
  type TaskErrorCode,
} from '../../engine.ts';
import { call, download, type Answer, type CallKind, type Timing } from '../provider-http/job-calls.ts';
import { Aborted, pause } from '../provider-http/provider-http.ts';
import type { JobWakeups } from './wakeups.ts';

/** A job the provider accepted: what polling (and cancelling) it needs. */
export interface ProviderJob {
  id: string;
  /** Where to ask about it, when the provider names a URL of its own (FLUX's polling_url). */
  pollUrl?: string;
}

export type JobState =
  | { state: 'queued' }
  | { state: 'running'; progress?: number }
  | { state: 'succeeded'; urls: string[] }
  /** The provider's moderation refused the prompt or an image. */
  | { state: 'refused'; detail: string }
  /**
   * `transient: false`: the provider says the job cannot succeed if sent again (bad parameters,
   * key or account): the task ends (`invalid`) instead of paying for another job. Otherwise
   * (`true`, or unknown) it is `lost` and the lifecycle may move it to another try.
   */
  | { state: 'failed'; detail: string; transient?: boolean; taskError?: TaskErrorCode }
  | { state: 'not_found' };

/** The HTTP calls a provider makes, with the waiting and retrying of provider-http/job-calls.ts. */
export type ProviderCall = (
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
  kind: CallKind,
) => Promise<Answer>;

/** One asynchronous image API: submit → job → poll (→ cancel). */
export interface AsyncProvider {
  name: EngineName;
  /** Recorded as the task's server (the API's base URL). */
  server: string;
  /** Whether the API key is set; health and availability say so without a paid call. */
  configured: boolean;
  /** Jobs one task needs: one per image for a provider that makes one a job, else 1. */
  jobsFor(task: EngineTask): number;
  /** Submits job `index` of the task; rejects with an EngineError when the provider refuses it. */
  submit(task: EngineTask, index: number, http: ProviderCall): Promise<ProviderJob>;
  poll(job: ProviderJob, http: ProviderCall): Promise<JobState>;
  /** Stops a job on the provider's side, where the API allows it (best effort). */
  cancel?(job: ProviderJob, http: ProviderCall): Promise<void>;
  /** Refuses what the provider cannot do before anything is sent (invalid). */
  check?(task: EngineTask): void;
  /** What health says when configured. */
  detail?: string;
}

export interface AsyncJobOptions {
  /** The task's whole time (TASK_TIMEOUT_MS). */
  timeoutMs: number;
  /** First pause between polls; grows by half each time up to `maxPollMs`. */
  pollMs?: number;
  maxPollMs?: number;
  retryMs?: number;
  maxRetryMs?: number;
  requestMs?: number;
  /** Rough duration of one job, only to pace the estimated progress while the provider reports none. */
  expectedMs?: number;
  /** Provider callbacks that end a poll's pause early (key: `<name>:<job id>`). */
  wakeups?: JobWakeups;
}

interface Recorded {
  jobs: ProviderJob[];
}

function parseRef(ref: string): Recorded | null {
  try {
    const value = JSON.parse(ref) as { jobs?: unknown };
    if (!Array.isArray(value.jobs)) return null;
    const jobs = value.jobs.filter(
      (j): j is ProviderJob =>
        !!j &&
        typeof (j as ProviderJob).id === 'string' &&
        ['undefined', 'string'].includes(typeof (j as ProviderJob).pollUrl),
    );
    return jobs.length === value.jobs.length ? { jobs } : null;
  } catch {
    return null;
  }
}

/** The image at the task's size as PNG: providers answer at their own sizes and formats. */
async function fit(image: Buffer, task: EngineTask, name: string): Promise<Buffer> {
  try {
    return await sharp(image).resize(task.width, task.height, { fit: 'cover', kernel: 'lanczos3' }).png().toBuffer();
  } catch (error) {
    throw new EngineError('lost', `${name}: a result image could not be decoded`, { cause: error });
  }
}

/**
 * Turns an asynchronous provider into an Engine: submits (recording each job as `accepted`, so a
 * restarted process resumes polling instead of paying again), polls with a growing pause until the
 * task's deadline, reports queued / started / progress, copies every result image as soon as its
 * job is done (result links expire), and maps the provider's end states onto EngineError kinds.
 * A cancel stops the provider's job where its API allows; a shutdown leaves it running for the
 * next process to resume.
 */
export function createAsyncJobEngine(provider: AsyncProvider, options: AsyncJobOptions): Engine {
  const pollMs = options.pollMs ?? 500;
  const maxPollMs = options.maxPollMs ?? 5_000;
  const expectedMs = options.expectedMs ?? 20_000;
  const live = new Set<AbortController>();
  const name = provider.name;

  async function follow(task: EngineTask, ctx: EngineRunContext, recorded: ProviderJob[]): Promise<EngineResult> {
    if (!provider.configured) throw new EngineError('unavailable', `${name}: API key missing`);
    if (ctx.signal.aborted) throw new EngineError('interrupted', `${name}: cancelled before anything was sent`);
    provider.check?.(task);
    const own = new AbortController();
    live.add(own);
    const signal = AbortSignal.any([ctx.signal, own.signal]);
    const timing: Timing = {
      retryMs: options.retryMs ?? 500,
      maxRetryMs: options.maxRetryMs ?? 5_000,
      requestMs: options.requestMs ?? 30_000,
      deadline: Date.now() + options.timeoutMs,
    };
    const http: ProviderCall = (url, init, kind) => call(name, url, init, kind, timing, signal);
    const jobs = [...recorded];
    const needed = Math.max(1, provider.jobsFor(task));
    const images: (Buffer[] | null)[] = Array.from({ length: needed }, () => null);
    const progress: number[] = Array.from({ length: needed }, () => 0);
    const started = Date.now();
    let startedSent = false;
    let queuedSent = false;
    const start = () => {
      if (!startedSent) ctx.onEvent({ type: 'started' });
      startedSent = true;
    };
    try {
      // Jobs a previous process did not get to submit (it died between them) are sent now; the
      // recorded ones never are.
      while (jobs.length < needed) {
        const job = await provider.submit(task, jobs.length, http);
        jobs.push(job);
        ctx.onEvent({ type: 'accepted', server: provider.server, ref: JSON.stringify({ jobs }) });
      }
      let wait = pollMs;
      for (;;) {
        for (let i = 0; i < needed; i++) {
          if (images[i]) continue;
          const job = jobs[i]!;
          const state = await provider.poll(job, http);
          switch (state.state) {
            case 'queued':
              if (!queuedSent && !startedSent) ctx.onEvent({ type: 'queued', ahead: 0 });
              queuedSent = true;
              break;
            case 'running':
              start();
              progress[i] = state.progress ?? Math.round(90 * (1 - Math.exp(-(Date.now() - started) / expectedMs)));
              break;
            case 'succeeded': {
              start();
              if (state.urls.length === 0)
                throw new EngineError('lost', `${name}: job ${job.id} finished without images`);
              // At once: the links expire, and the task is complete only once its images are ours.
              const bytes = await Promise.all(state.urls.map((u) => download(name, u, timing, signal)));
              images[i] = await Promise.all(bytes.map((b) => fit(b, task, name)));
              progress[i] = 100;
              break;
            }
            case 'refused':
              throw new EngineError(
                'refused',
                `${name}: the provider's moderation refused job ${job.id} (${state.detail})`,
                {
                  server: provider.server,
                },
              );
            case 'failed':
              throw new EngineError(
                state.transient === false ? 'invalid' : 'lost',
                `${name}: job ${job.id} failed (${state.detail})${state.transient === false ? '; not sent again' : ''}`,
                { server: provider.server, taskError: state.taskError },
              );
            case 'not_found':
              throw new EngineError('lost', `${name}: the provider does not know job ${job.id}`, {
                server: provider.server,
              });
          }
        }
        if (images.every(Boolean)) break;
        if (startedSent) {
          const percent = Math.round(progress.reduce((a, b) => a + b, 0) / needed);
          ctx.onEvent({ type: 'progress', percent: Math.min(99, percent) });
        }
        const left = timing.deadline - Date.now();
        if (left <= 0) {
          throw new EngineError('stalled', `${name}: not finished within the task's time`, { server: provider.server });
        }
        const pending = jobs.filter((_, i) => !images[i]);
        await pause(Math.min(wait, left), signal, (wake) => {
          const offs = pending.map((j) => options.wakeups?.on(`${name}:${j.id}`, wake));
          return () => offs.forEach((off) => off?.());
        });
        if (signal.aborted) throw new Aborted();
        wait = Math.min(maxPollMs, Math.round(wait * 1.5));
      }
      ctx.onEvent({ type: 'progress', percent: 100 });
      return { images: images.flatMap((list) => list!), server: provider.server };
    } catch (error) {
      if (!(error instanceof Aborted) && !signal.aborted) throw error;
      if (own.signal.aborted && !ctx.signal.aborted) {
        throw new EngineError('lost', `${name}: the process stopped while following the task`);
      }
      // Shut down: the provider keeps the job and the next process resumes it. Otherwise (cancel,
      // timeout) the jobs still running are stopped where the API allows.
      if (ctx.signal.reason !== 'shutdown' && provider.cancel) {
        const stop = AbortSignal.timeout(5_000);
        const quick: ProviderCall = (url, init) =>
          call(name, url, init, 'read', { ...timing, deadline: Date.now() + 5_000 }, stop);
        await Promise.all(
          jobs.filter((_, i) => !images[i]).map((job) => provider.cancel!(job, quick).catch(() => undefined)),
        );
      }
      throw new EngineError('interrupted', `${name}: stopped at our request`, { cause: error });
    } finally {
      live.delete(own);
    }
  }

  return {
    name,
    canCancelRunning: true,
    queuesAtServer: true,
    run: (task, ctx) => follow(task, ctx, []),
    async resume(task, at, ctx) {
      const recorded = parseRef(at.ref);
      if (!recorded) throw new EngineError('lost', `${name}: the recorded job reference is unreadable`);
      return follow(task, ctx, recorded.jobs);
    },
    async health(): Promise<EngineHealth> {
      if (!provider.configured) return { ok: false, detail: `${name}: API key missing` };
      return { ok: true, detail: provider.detail };
    },
    available: () => provider.configured,
    capacity: () => undefined,
    async close() {
      for (const c of live) c.abort('closed');
    },
  };
}
