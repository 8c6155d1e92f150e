import { EngineError, type Engine, type EngineRunContext, type EngineTask } from '../../engine.ts';
import { createStabilityApi, type StabilityApi, type StabilityLog } from './stability-api.ts';
import { fitResult } from './stability-images.ts';
import {
  apiSeed,
  planRequest,
  resolveModel,
  type GenerateEndpoint,
  type PlannedRequest,
} from './stability-requests.ts';

export interface StabilityEngineOptions {
  apiKey: string;
  /** Another endpoint speaking the same API (a proxy, a test server). */
  baseURL?: string;
  /** The generate endpoint for tasks whose model names none of ours. */
  model?: GenerateEndpoint;
  /** A task's deadline from the start of its run: waits for a rate limit and hung requests end there. */
  timeoutMs?: number;
  /** Retries of a 5xx or a dropped connection per request. */
  retries?: number;
  /** First retry backoff in ms (doubled per retry). */
  backoffMs?: number;
  log?: StabilityLog;
}

const DEFAULT_BASE_URL = 'https://api.stability.ai';
const DEFAULT_TIMEOUT_MS = 600_000;
/** Rough duration of one request, only to pace the estimated progress bar. */
const EXPECTED_MS = 12_000;
const HEARTBEAT_MS = 2_000;

/** HTTP statuses that say the account or the setup is wrong: every other request would fail alike. */
const ACCOUNT_STATUSES = new Set([401, 402, 404]);

/**
 * Whether a failed image ends the run: the API down or rate limited past its retries, the task's
 * time up, or a fault of the account (key, credits, endpoint). A refused, filtered or unreadable
 * image, or a request refused for its own sake, leaves the next image to be tried.
 */
function stopsTheRun(error: EngineError): boolean {
  if (error.kind === 'unavailable' || error.kind === 'stalled') return true;
  const cause = error.cause as { status?: unknown; name?: unknown } | undefined;
  const status = typeof cause?.status === 'number' ? cause.status : undefined;
  if (status === undefined) return false;
  return ACCOUNT_STATUSES.has(status) || (status === 403 && cause?.name !== 'content_moderation');
}

/**
 * Stability AI's REST v2beta image API. Every endpoint answers one image per request, at once
 * (synchronously), so a task of `count` images makes `count` requests in turn, image i with the
 * task's seed + i (see stability-requests.ts for which endpoint serves which task).
 *
 * - outputs are resized (centred crop) to the task's exact size; an edit's result is pasted back
 *   onto the original through the mask afterwards (paste-back.ts), like every engine's;
 * - moderation (a 403 `content_moderation`, or a 200 whose finish reason is CONTENT_FILTERED) ends
 *   an image as `refused`;
 * - an image that fails on its own (moderated, filtered, refused, unreadable) leaves the others to
 *   be made; a fault of the whole API or account (down past its retries, out of time, key,
 *   credits) ends the run there. The task gets the images that were made (the lifecycle pays the
 *   others back), and no request that made an image is sent again; only when none was made does
 *   the run fail, with the first image's fault (`unavailable` when nothing reached the API);
 * - cancelling aborts the request in flight: canCancelRunning is true.
 */
export function createStabilityEngine(options: StabilityEngineOptions): Engine {
  const fallback = options.model ?? 'core';
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const http = options.apiKey
    ? createStabilityApi({
        apiKey: options.apiKey,
        baseURL: options.baseURL ?? DEFAULT_BASE_URL,
        retries: options.retries ?? 3,
        backoffMs: options.backoffMs ?? 1_000,
        log: options.log,
      })
    : undefined;

  /** One image of the task: the request with image i's seed, its answer checked and fitted to our size. */
  async function makeOne(
    http: StabilityApi,
    task: EngineTask,
    planned: PlannedRequest,
    i: number,
    limits: { signal: AbortSignal; deadline: number },
  ) {
    const seed = apiSeed(task.seed, i);
    const answer = await http.post(planned.path, planned.form(seed), limits);
    if (answer.finishReason === 'CONTENT_FILTERED') {
      throw new EngineError('refused', `stability: ${planned.what} output filtered by content moderation`);
    }
    if (task.mode !== 'upscale' && answer.seed !== null && answer.seed !== seed) {
      options.log?.warn({ taskId: task.id, sent: seed, used: answer.seed }, 'Stability used another seed than sent');
    }
    return fitResult(answer.bytes, task.width, task.height);
  }

  /** Makes the task's images in turn; `onSettled` after each one, made or failed. */
  async function makeAll(task: EngineTask, ctx: EngineRunContext, deadline: number, onSettled: () => void) {
    if (!http) throw new EngineError('unavailable', 'stability: API key missing');
    const model = resolveModel(task.engineModel, fallback);
    const planned = await planRequest(task, model);
    const count = task.mode === 'upscale' ? 1 : Math.max(1, Math.floor(task.count));
    const images: Buffer[] = [];
    const failures: EngineError[] = [];
    for (let i = 0; i < count; i++) {
      try {
        images.push(await makeOne(http, task, planned, i, { signal: ctx.signal, deadline }));
      } catch (error) {
        if (!(error instanceof EngineError) || error.kind === 'interrupted') throw error;
        failures.push(error);
        // The others are made on their own: one refused or filtered image does not cost the task
        // the images already paid for, nor are those requested again. A fault of the account or
        // the API as a whole (key, credits, down past its retries, out of time) ends the run here.
        if (stopsTheRun(error)) break;
      }
      onSettled();
    }
    if (images.length === 0) throw failures[0] ?? new EngineError('lost', 'stability: no image was made');
    if (failures.length > 0) {
      options.log?.warn(
        { taskId: task.id, asked: count, made: images.length, why: failures.map((f) => f.message) },
        'Stability made fewer images than asked',
      );
    }
    return images;
  }

  return {
    name: 'stability',
    canCancelRunning: true,
    async run(task, ctx) {
      if (ctx.signal.aborted) throw new EngineError('interrupted', 'stability: cancelled before the request');
      const deadline = Date.now() + timeoutMs;
      ctx.onEvent({ type: 'started' });
      const count = task.mode === 'upscale' ? 1 : Math.max(1, Math.floor(task.count));
      let done = 0;
      let since = Date.now();
      // The API reports nothing until an image is done: an estimate inside each request keeps the
      // bar moving (never reaching the next image's share), and each finished image moves it for real.
      const timer = setInterval(() => {
        const within = 1 - Math.exp(-(Date.now() - since) / EXPECTED_MS);
        ctx.onEvent({ type: 'progress', percent: Math.round((95 * (done + 0.9 * within)) / count) });
      }, HEARTBEAT_MS);
      timer.unref();
      try {
        const images = await makeAll(task, ctx, deadline, () => {
          done += 1;
          since = Date.now();
          ctx.onEvent({ type: 'progress', percent: Math.round((95 * done) / count) });
        });
        ctx.onEvent({ type: 'progress', percent: 100 });
        return { images };
      } finally {
        clearInterval(timer);
      }
    },
    async health() {
      if (!http) return { ok: false, detail: 'Stability API key missing (STABILITY_API_KEY)' };
      try {
        // Proves the key and the endpoint without spending a credit.
        const credits = await http.balance(5_000);
        return { ok: true, detail: `model ${fallback}, ${credits} credits left` };
      } catch (error) {
        return { ok: false, detail: `Stability balance check failed: ${(error as Error).message}` };
      }
    },
    // A hosted API is reachable or not per request; its faults end the task with a refund.
    available: () => true,
    capacity: () => undefined,
    async close() {
      // Requests use fetch's shared pool; nothing of our own to release.
    },
  };
}
