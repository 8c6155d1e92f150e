import { EngineError } from '../../engine.ts';
import { request, type Failure, type GiveUp } from '../provider-http/provider-http.ts';
import { SYNCHRONOUS } from '../provider-http/retry-rules.ts';

/** What a log line needs; the server's logger fits. */
export interface StabilityLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface StabilityApiOptions {
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

function errorBody(text: string): ErrorBody {
  try {
    const body = JSON.parse(text) as unknown;
    return body && typeof body === 'object' ? (body as ErrorBody) : {};
  } catch {
    return {};
  }
}

const detailOf = (status: number, body: ErrorBody) => `HTTP ${status}${body.name ? `, ${body.name}` : ''}`;

/**
 * The Stability REST API: multipart POSTs answered with the image's bytes (`Accept: image/*`; the
 * seed and finish reason come as headers) or a JSON error `{ id, name, errors }`.
 *
 * Faults that pass are waited out by the provider HTTP layer, within the task's deadline and by
 * the rules of a synchronous generation: a 429 waits `Retry-After` (else a backoff) as often as the
 * deadline allows; a 5xx or a dropped connection is tried again a bounded number of times; a
 * request still unanswered at the deadline ends there. Everything else maps to an EngineError at
 * once. Messages carry our category, the status and the provider's error name, never its free
 * text (it can echo a prompt).
 */
export function createStabilityApi(options: StabilityApiOptions) {
  const base = options.baseURL.replace(/\/+$/, '');

  function refusal(status: number, body: ErrorBody, path: string): EngineError {
    const name = typeof body.name === 'string' ? body.name : undefined;
    const detail = detailOf(status, body);
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

  /** Why a request gave up, in the kinds the engine reads (see stopsTheRun there). */
  function gaveUp({ reason, failure }: GiveUp): EngineError {
    const cause = failure?.type === 'fault' ? failure.error : undefined;
    if (reason === 'time' || !failure) {
      return new EngineError('stalled', 'stability: no answer before the task deadline', { cause });
    }
    if (failure.type === 'fault') {
      return new EngineError('unavailable', 'stability: no connection to the image API', { cause });
    }
    const detail = detailOf(failure.status, errorBody(failure.text));
    if (failure.status === 429) {
      return new EngineError('unavailable', `stability: rate limited past the task deadline (${detail})`);
    }
    return new EngineError('unavailable', `stability: image API unavailable (${detail})`);
  }

  function retrying(path: string, failure: Failure, waitMs: number, tries: number) {
    if (failure.type === 'fault') options.log?.warn({ path, tries }, 'Stability unreachable; trying again');
    else if (failure.status === 429) options.log?.warn({ path, waitMs }, 'Stability rate limit; waiting');
    else options.log?.warn({ path, status: failure.status, tries }, 'Stability server error; trying again');
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
    post(path: string, form: FormData, limits: CallLimits): Promise<StabilityImage> {
      return request(
        `${base}${path}`,
        { method: 'POST', headers: { authorization: `Bearer ${options.apiKey}`, accept: 'image/*' }, body: form },
        {
          rules: SYNCHRONOUS,
          // No limit per attempt: a generation may take long, and the task's deadline bounds it.
          limits: { signal: limits.signal, deadline: limits.deadline },
          backoff: { firstMs: options.backoffMs, maxMs: LONGEST_BACKOFF_MS },
          retries: options.retries,
          async read(res) {
            if (res.ok) return success(res);
            throw refusal(res.status, errorBody(await res.text().catch(() => '')), path);
          },
          giveUp: gaveUp,
          aborted: () => new EngineError('interrupted', 'stability: request cancelled'),
          onRetry: (failure, waitMs, tries) => retrying(path, failure, waitMs, tries),
        },
      );
    },

    /** The account's credit balance (`GET /v1/user/balance`): costs nothing. */
    async balance(timeoutMs: number): Promise<number> {
      const res = await fetch(`${base}/v1/user/balance`, {
        headers: { authorization: `Bearer ${options.apiKey}`, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(detailOf(res.status, errorBody(await res.text().catch(() => ''))));
      const body = (await res.json()) as { credits?: unknown };
      if (typeof body.credits !== 'number') throw new Error('the balance answer has no credits');
      return body.credits;
    },
  };
}
export type StabilityApi = ReturnType<typeof createStabilityApi>;
