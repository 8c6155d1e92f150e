import { ApiError, errorFromResponse } from './errors.ts';

export type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>;
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface RetryOptions {
  /** Attempts after the first; 0 turns retrying off. */
  retries: number;
  /** The first back-off after a network error or a 5xx; it doubles with each attempt (with jitter). */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the call fails with the 429 instead. */
  maxRetryAfterMs: number;
}

const DEFAULT_RETRY: RetryOptions = { retries: 4, baseDelayMs: 500, maxDelayMs: 8000, maxRetryAfterMs: 120_000 };

export interface RequestOptions {
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  form?: FormData;
  /** Makes a POST safe to send again: the server answers a repeat with the first answer. */
  idempotencyKey?: string;
  accept?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

const V1_PATH = '/turing/v1';

/** Waits, unless the signal aborts first. */
export const sleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** The API's base (`…/turing/v1`) from a server's address, given with or without the path. */
function apiBaseOf(baseUrl: string): { api: string; origin: string } {
  const trimmed = baseUrl.replace(/\/+$/, '');
  const api = trimmed.endsWith(V1_PATH) ? trimmed : `${trimmed}${V1_PATH}`;
  return { api, origin: api.slice(0, -V1_PATH.length) };
}

/**
 * Sends one call of the API with its key, and sends it again when that is safe and useful: a 429
 * (the request was refused before anything happened) after its Retry-After, a 409 of an
 * Idempotency-Key whose first request is still being processed, and a network error or a 5xx when
 * the call is idempotent (a GET or DELETE, or a POST carrying an Idempotency-Key, which the server
 * answers once whatever the number of copies).
 */
export function createTransport(opts: {
  baseUrl: string;
  apiKey: string;
  fetch?: FetchLike;
  retry?: Partial<RetryOptions>;
  sleep?: Sleep;
  userAgent?: string;
}) {
  const { api, origin } = apiBaseOf(opts.baseUrl);
  const doFetch: FetchLike = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const retry = { ...DEFAULT_RETRY, ...opts.retry };
  const wait = opts.sleep ?? sleep;

  const backoff = (attempt: number) => {
    const ceiling = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** attempt);
    return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
  };

  function urlOf(path: string, query?: RequestOptions['query']) {
    const url = new URL(`${api}${path}`);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    return url.toString();
  }

  async function request(method: string, path: string, o: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${opts.apiKey}`,
      accept: o.accept ?? 'application/json',
      ...(opts.userAgent ? { 'user-agent': opts.userAgent } : {}),
      ...o.headers,
    };
    if (o.json !== undefined) headers['content-type'] = 'application/json';
    if (o.idempotencyKey) headers['idempotency-key'] = o.idempotencyKey;
    const body = o.form ?? (o.json === undefined ? undefined : JSON.stringify(o.json));
    const idempotent = method === 'GET' || method === 'DELETE' || Boolean(o.idempotencyKey);
    const url = urlOf(path, o.query);

    for (let attempt = 0; ; attempt += 1) {
      const left = attempt < retry.retries;
      let res: Response;
      try {
        res = await doFetch(url, { method, headers, body, signal: o.signal });
      } catch (cause) {
        if (o.signal?.aborted) throw o.signal.reason;
        if (idempotent && left) {
          await wait(backoff(attempt), o.signal);
          continue;
        }
        const message = cause instanceof Error ? cause.message : String(cause);
        throw new ApiError({ code: 'NETWORK_ERROR', message: `${method} ${url}: ${message}`, status: 0, cause });
      }
      if (res.ok) return res;
      const error = await errorFromResponse(res);
      const delay = retryDelay(error, idempotent, attempt);
      if (!left || delay === null) throw error;
      await wait(delay, o.signal);
    }
  }

  function retryDelay(error: ApiError, idempotent: boolean, attempt: number): number | null {
    // TOO_MANY_TASKS is a 429 too, but it lasts until one of the user's tasks ends: the caller decides.
    if (error.status === 429 && error.code !== 'TOO_MANY_TASKS') {
      if (error.retryAfter === null) return backoff(attempt);
      const ms = Math.ceil(error.retryAfter * 1000);
      return ms <= retry.maxRetryAfterMs ? ms : null;
    }
    if (error.code === 'IDEMPOTENCY_KEY_IN_FLIGHT') return backoff(attempt);
    if (idempotent && error.status >= 500) return backoff(attempt);
    return null;
  }

  async function json<T>(method: string, path: string, o?: RequestOptions): Promise<T> {
    const res = await request(method, path, o);
    if (res.status === 204) return undefined as T;
    return (await res.json()) as T;
  }

  /** An address from the API (results may be relative, `/files/…`) made absolute. */
  const resolve = (url: string) => new URL(url, `${origin}/`).toString();

  /**
   * Fetches a result image. Signed URLs need no key, and one that points at another host (object
   * storage) must not receive it, so none is sent.
   */
  async function download(url: string, signal?: AbortSignal): Promise<Response> {
    const target = resolve(url);
    for (let attempt = 0; ; attempt += 1) {
      try {
        const res = await doFetch(target, { method: 'GET', signal });
        if (res.ok) return res;
        const error = await errorFromResponse(res);
        if (attempt >= retry.retries || (error.status < 500 && error.status !== 429)) throw error;
        await wait(error.retryAfter !== null ? error.retryAfter * 1000 : backoff(attempt), signal);
      } catch (cause) {
        if (cause instanceof ApiError || signal?.aborted) throw signal?.aborted ? signal.reason : cause;
        if (attempt >= retry.retries)
          throw new ApiError({ code: 'NETWORK_ERROR', message: `GET ${target}: ${String(cause)}`, status: 0, cause });
        await wait(backoff(attempt), signal);
      }
    }
  }

  return { request, json, resolve, download, wait, api };
}
export type Transport = ReturnType<typeof createTransport>;
