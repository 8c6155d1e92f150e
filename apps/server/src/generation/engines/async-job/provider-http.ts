import { EngineError } from '../../engine.ts';

/** How long to wait between tries, and for how long at all. */
export interface Timing {
  /** First pause after a 5xx or a dropped connection; doubles up to `maxRetryMs`. */
  retryMs: number;
  maxRetryMs: number;
  /** One request's own limit (a provider that hangs with the socket open). */
  requestMs: number;
  /** When the whole task must be done (epoch ms); nothing waits past it. */
  deadline: number;
}

export interface Answer {
  status: number;
  headers: Headers;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

export type CallKind =
  /**
   * Creates something that costs money: retried only when the provider cannot have created it
   * (it answered 429 or a gateway error, or no connection was made at all).
   */
  | 'create'
  /** Reads or cancels: safe to repeat after any fault. */
  | 'read';

/** Connection faults that happen before a byte of the request left: nothing can have been created. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);
/** Answers that come from in front of the provider's application, or tell us to wait. */
const NOT_CREATED = new Set([429, 502, 503, 504]);

function faultCode(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * `Retry-After` as milliseconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when
 * absent or unreadable.
 */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Resolves after `ms`, or early when `signal` aborts or `wake` fires; never rejects. */
export function pause(ms: number, signal: AbortSignal, wake?: (resolve: () => void) => () => void): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal.aborted || ms <= 0) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      unwake?.();
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    // Neither the timer nor the signal can call done() before this line has run.
    const unwake = wake?.(done);
  });
}

/** Thrown out of a call when the task's signal aborted: the caller decides what that means. */
export class Aborted extends Error {
  constructor() {
    super('aborted');
    this.name = 'Aborted';
  }
}

/**
 * One HTTP call to a provider with the waiting and retrying every asynchronous provider needs:
 * a 429 waits for `Retry-After`, 5xx answers and dropped connections are tried again with a
 * growing pause, all within the task's deadline. Other answers (2xx, 4xx) are returned for the
 * provider to read. `name` prefixes messages (for logs).
 */
export async function call(
  name: string,
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
  kind: CallKind,
  timing: Timing,
  signal: AbortSignal,
): Promise<Answer> {
  let backoff = timing.retryMs;
  for (let attempt = 1; ; attempt++) {
    if (signal.aborted) throw new Aborted();
    let wait: number;
    let why: string;
    try {
      const res = await fetch(url, {
        ...init,
        signal: AbortSignal.any([signal, AbortSignal.timeout(timing.requestMs)]),
      });
      const text = await res.text();
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      const answer = { status: res.status, headers: res.headers, json };
      const retryable = kind === 'read' ? res.status === 429 || res.status >= 500 : NOT_CREATED.has(res.status);
      if (!retryable) return answer;
      why = `HTTP ${res.status}`;
      wait = res.status === 429 ? (retryAfterMs(res.headers.get('retry-after')) ?? backoff) : backoff;
    } catch (error) {
      if (signal.aborted) throw new Aborted();
      const code = faultCode(error);
      const timedOut = (error as Error).name === 'TimeoutError';
      if (kind === 'create' && !(code && NOT_SENT.has(code))) {
        // The request may have reached the provider: sending it again could pay twice.
        throw new EngineError(
          'lost',
          `${name}: no answer to a submission (${timedOut ? 'timed out' : (code ?? 'connection lost')}); not sent again`,
          { cause: error },
        );
      }
      why = timedOut ? 'timed out' : (code ?? 'connection failed');
      wait = backoff;
    }
    if (Date.now() + wait >= timing.deadline) {
      throw new EngineError(
        kind === 'create' ? 'unavailable' : 'stalled',
        `${name}: ${why}, and the task's time is up (${attempt} tries)`,
      );
    }
    await pause(wait, signal);
    backoff = Math.min(timing.maxRetryMs, backoff * 2);
  }
}

/** Reads a result image; an expired or missing one is `lost` (never an empty result). */
export async function download(name: string, url: string, timing: Timing, signal: AbortSignal): Promise<Buffer> {
  let backoff = timing.retryMs;
  for (;;) {
    if (signal.aborted) throw new Aborted();
    let why: string;
    let wait = backoff;
    try {
      const res = await fetch(url, { signal: AbortSignal.any([signal, AbortSignal.timeout(timing.requestMs)]) });
      if (res.ok) {
        const bytes = Buffer.from(await res.arrayBuffer());
        if (bytes.length === 0) throw new EngineError('lost', `${name}: a result image was empty`);
        return bytes;
      }
      await res.body?.cancel().catch(() => undefined);
      if (res.status < 500 && res.status !== 429) {
        // Signed result links expire (FLUX after 10 minutes, DashScope after 24 hours).
        throw new EngineError('lost', `${name}: a result image could not be fetched (HTTP ${res.status}, expired?)`);
      }
      why = `HTTP ${res.status}`;
      if (res.status === 429) wait = retryAfterMs(res.headers.get('retry-after')) ?? backoff;
    } catch (error) {
      if (error instanceof EngineError) throw error;
      if (signal.aborted) throw new Aborted();
      why = faultCode(error) ?? (error as Error).name;
    }
    if (Date.now() + wait >= timing.deadline) {
      throw new EngineError('lost', `${name}: a result image could not be fetched (${why}) before the deadline`);
    }
    await pause(wait, signal);
    backoff = Math.min(timing.maxRetryMs, backoff * 2);
  }
}
