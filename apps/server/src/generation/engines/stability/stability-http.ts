import { EngineError } from '../../engine.ts';
import { retryAfterMs } from '../async-job/provider-http.ts';

/** What a log line needs; the server's logger fits. */
export interface StabilityLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface StabilityHttpOptions {
  apiKey: string;
  baseURL: string;
  /** Retries of a 5xx or a dropped connection before giving up (a 429 waits instead, until the deadline). */
  retries: number;
  /** First backoff; doubled per retry, with jitter. */
  backoffMs: number;
  log?: StabilityLog;
}

/** One answered image: its bytes, the seed the API used, and why it finished. */
export interface StabilityImage {
  bytes: Buffer;
  seed: number | null;
  finishReason: string | null;
}

/** The documented error body: `{ id, name, errors: string[] }`. */
interface ErrorBody {
  id?: string;
  name?: string;
  errors?: unknown[];
}

/** A run's limits: the caller's signal (cancel, shutdown) and the time the task must end by. */
export interface CallLimits {
  signal: AbortSignal;
  deadline: number;
}

const LONGEST_BACKOFF_MS = 30_000;

/** Waits `ms`, or rejects at once when the signal aborts; leaves no timer or listener behind. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const done = () => {
      signal.removeEventListener('abort', stop);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}

const backoff = (base: number, attempt: number) =>
  Math.min(LONGEST_BACKOFF_MS, base * 2 ** (attempt - 1)) * (0.75 + Math.random() * 0.5);

async function readError(res: Response): Promise<ErrorBody> {
  try {
    const body = (await res.json()) as unknown;
    return body && typeof body === 'object' ? (body as ErrorBody) : {};
  } catch {
    return {};
  }
}

/**
 * The Stability REST API: multipart POSTs answered with the image's bytes (`Accept: image/*`; the
 * seed and finish reason come as headers) or a JSON error `{ id, name, errors }`.
 *
 * Faults that pass are waited out here, within the task's deadline: a 429 waits `Retry-After`
 * (else a backoff) as often as the deadline allows; a 5xx or a dropped connection is tried again
 * a bounded number of times. Everything else maps to an EngineError at once. Messages carry our
 * category, the status and the provider's error name, never its free text (it can echo a prompt).
 */
export function createStabilityHttp(options: StabilityHttpOptions) {
  const base = options.baseURL.replace(/\/+$/, '');

  /** The abort signal of one attempt: the caller's, or the deadline's, whichever comes first. */
  function attemptSignal(limits: CallLimits) {
    const left = limits.deadline - Date.now();
    return AbortSignal.any([limits.signal, AbortSignal.timeout(Math.max(1, left))]);
  }

  function stopped(limits: CallLimits, error?: unknown): EngineError | null {
    if (limits.signal.aborted) {
      return new EngineError('interrupted', 'stability: request cancelled', { cause: error });
    }
    if (Date.now() >= limits.deadline) {
      return new EngineError('stalled', 'stability: no answer before the task deadline', { cause: error });
    }
    return null;
  }

  /** Waits before trying again, unless the wait would end past the deadline. */
  async function wait(ms: number, limits: CallLimits, otherwise: () => EngineError) {
    if (Date.now() + ms >= limits.deadline) throw otherwise();
    try {
      await sleep(ms, limits.signal);
    } catch (error) {
      throw stopped(limits, error) ?? otherwise();
    }
  }

  function refusal(status: number, body: ErrorBody, path: string): EngineError {
    const name = typeof body.name === 'string' ? body.name : undefined;
    const detail = `HTTP ${status}${name ? `, ${name}` : ''}`;
    const cause = { status, id: body.id, name, errors: body.errors };
    if (status === 403 && name === 'content_moderation') {
      return new EngineError('refused', `stability: refused by content moderation (${detail})`, { cause });
    }
    if (status === 401 || status === 403) {
      options.log?.error({ status, name, path }, 'Stability rejected the API key (check STABILITY_API_KEY)');
      return new EngineError('invalid', `stability: API key rejected (${detail})`, { cause });
    }
    if (status === 402) {
      options.log?.error({ status, name, path }, 'Stability account is out of credits');
      return new EngineError('invalid', `stability: out of credits (${detail})`, { cause });
    }
    if (status === 404) {
      options.log?.error({ status, name, path }, 'Stability has no such endpoint (check STABILITY_BASE_URL)');
    }
    if (status === 413) return new EngineError('invalid', `stability: request too large (${detail})`, { cause });
    return new EngineError('invalid', `stability: request refused (${detail})`, { cause });
  }

  async function success(res: Response): Promise<StabilityImage> {
    const type = res.headers.get('content-type') ?? '';
    const seedOf = (v: unknown) => {
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
      return Number.isInteger(n) ? n : null;
    };
    if (type.startsWith('application/json')) {
      // The JSON form of the same answer (a proxy that ignores Accept): base64 image in the body.
      const body = (await res.json()) as { image?: unknown; seed?: unknown; finish_reason?: unknown };
      if (typeof body.image !== 'string' || body.image === '') {
        throw new EngineError('lost', 'stability: the response carried no image');
      }
      return {
        bytes: Buffer.from(body.image, 'base64'),
        seed: seedOf(body.seed),
        finishReason: typeof body.finish_reason === 'string' ? body.finish_reason : null,
      };
    }
    const bytes = Buffer.from(await res.arrayBuffer());
    if (bytes.length === 0) throw new EngineError('lost', 'stability: the response carried no image');
    return { bytes, seed: seedOf(res.headers.get('seed')), finishReason: res.headers.get('finish-reason') };
  }

  return {
    /** POSTs one multipart request until it yields an image or a fault that waiting cannot cure. */
    async post(path: string, form: FormData, limits: CallLimits): Promise<StabilityImage> {
      let failures = 0;
      let rateLimited = 0;
      for (;;) {
        const early = stopped(limits);
        if (early) throw early;
        let res: Response;
        try {
          res = await fetch(`${base}${path}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${options.apiKey}`, accept: 'image/*' },
            body: form,
            signal: attemptSignal(limits),
          });
          if (res.ok) return await success(res);
        } catch (error) {
          if (error instanceof EngineError) throw error;
          const end = stopped(limits, error);
          if (end) throw end;
          if (error instanceof Error && error.name === 'TimeoutError') {
            throw new EngineError('stalled', 'stability: no answer before the task deadline', { cause: error });
          }
          // No answer (refused, reset, dropped mid-body): the API may be restarting; try again.
          failures += 1;
          const unreachable = () =>
            new EngineError('unavailable', 'stability: no connection to the image API', { cause: error });
          if (failures > options.retries) throw unreachable();
          options.log?.warn({ path, failures }, 'Stability unreachable; trying again');
          await wait(backoff(options.backoffMs, failures), limits, unreachable);
          continue;
        }
        const body = await readError(res);
        const detail = `HTTP ${res.status}${body.name ? `, ${body.name}` : ''}`;
        if (res.status === 429) {
          rateLimited += 1;
          const asked = retryAfterMs(res.headers.get('retry-after'));
          // "Retry-After: 0" still waits a little: an immediate retry would only be limited again.
          const ms = asked !== undefined ? Math.max(asked, 200) : backoff(options.backoffMs, rateLimited);
          options.log?.warn({ path, waitMs: ms }, 'Stability rate limit; waiting');
          await wait(
            ms,
            limits,
            () => new EngineError('unavailable', `stability: rate limited past the task deadline (${detail})`),
          );
          continue;
        }
        if (res.status >= 500 || res.status === 408) {
          failures += 1;
          const busy = () => new EngineError('unavailable', `stability: image API unavailable (${detail})`);
          if (failures > options.retries) throw busy();
          options.log?.warn({ path, status: res.status, failures }, 'Stability server error; trying again');
          await wait(backoff(options.backoffMs, failures), limits, busy);
          continue;
        }
        throw refusal(res.status, body, path);
      }
    },

    /** The account's credit balance (`GET /v1/user/balance`): costs nothing. */
    async balance(timeoutMs: number): Promise<number> {
      const res = await fetch(`${base}/v1/user/balance`, {
        headers: { authorization: `Bearer ${options.apiKey}`, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) {
        const body = await readError(res);
        throw new Error(`HTTP ${res.status}${body.name ? `, ${body.name}` : ''}`);
      }
      const body = (await res.json()) as { credits?: unknown };
      if (typeof body.credits !== 'number') throw new Error('the balance answer has no credits');
      return body.credits;
    },
  };
}
export type StabilityHttp = ReturnType<typeof createStabilityHttp>;
