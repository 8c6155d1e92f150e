import {
  APP_HEADER,
  LIMITS,
  STATUS,
  type ApiEndpoint,
  type CallBody,
  type CallData,
  type CallQuery,
} from '@turing/contract';
import { i18n } from '../i18n/i18n.ts';
import { ApiError } from './api-error.ts';
import { takeEarlyRequest, takeEmbeddedAnswer } from './early-requests.ts';
import { httpErrorMessage, networkErrorMessage } from './catalogue.ts';

export interface HttpHooks {
  /** Called once per 202 answer, with the server's message. */
  onSessionExpired(msg: string): void;
}

let hooks: HttpHooks = { onSessionExpired: () => {} };
export function configureHttp(next: HttpHooks) {
  hooks = next;
}

/**
 * Bumped when the user logs out on purpose: a request sent before that, answered after it with
 * 202, belongs to the session that just ended, so it must not also say "your login has expired".
 */
let sessionEpoch = 0;
/** Aborts the calls needing a session that are on their way when the user logs out. */
let sessionCalls = new AbortController();
/**
 * False from a logout until the next sign-in: a call needing a session could then only be refused
 * (HTTP 401), so it is not sent. A page still on screen while the logout finishes (its refetches,
 * its polling) asks nothing of the server.
 */
let sessionOpen = true;

/** The user logs out: the session's calls in flight are abandoned and no new one is sent. */
export function endSession() {
  sessionEpoch += 1;
  sessionOpen = false;
  sessionCalls.abort();
  sessionCalls = new AbortController();
}

/** A session is open again (signed in), or the logout did not happen after all. */
export function resumeSession() {
  sessionOpen = true;
}

/** What a call needing a session answers after a logout, sent or not: quiet, like an expired session. */
const sessionEnded = (t: typeof i18n.t) =>
  new ApiError(httpErrorMessage(401, t), { status: STATUS.sessionExpired, code: 'SESSION_EXPIRED' });

/** The query and/or body the endpoint's route takes; optional where nothing in them is required. */
type CallInput<E extends ApiEndpoint> = QueryPart<CallQuery<E>> & BodyPart<CallBody<E>>;
type QueryPart<Q> = [Q] extends [undefined] ? { query?: undefined } : object extends Q ? { query?: Q } : { query: Q };
// An upload sends its body as multipart form data.
type BodyPart<B> = [B] extends [undefined] ? { body?: undefined | FormData } : { body: B | FormData };
/** The input as call arguments: left out entirely when nothing in it is required. */
type CallArgs<E extends ApiEndpoint> = object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

function isEnvelope(value: unknown): value is { status: number; msg: string; data: unknown; code?: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { status?: unknown }).status === 'number' &&
    typeof (value as { msg?: unknown }).msg === 'string'
  );
}

function buildUrl(path: string, query: unknown): string {
  const url = `${LIMITS.apiBase}${path}`;
  if (!query || typeof query !== 'object') return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/**
 * Calls one contract route: `call(userEndpoints.info)`. The endpoint is a small value; its method
 * and path pick the route's type, so the input it takes and the `data` it resolves with come from
 * the route's schemas without their code, and an input of another route does not compile.
 * Envelope rules: status 200 resolves with `data`; 202 reports the expired session and rejects;
 * any other status rejects with the body. Bodies that are not envelopes (proxies, outages) reject
 * with the spec's HTTP catalogue message.
 */
export async function call<E extends ApiEndpoint>(def: E, ...args: CallArgs<E>): Promise<CallData<E>> {
  const input: { query?: unknown; body?: unknown } = args[0] ?? {};
  const epoch = sessionEpoch;
  const t = i18n.t.bind(i18n);
  if (def.auth && !sessionOpen) throw sessionEnded(t);
  const session = def.auth ? sessionCalls.signal : null;
  const headers: Record<string, string> = {
    [APP_HEADER.name]: APP_HEADER.value,
    'accept-language': i18n.language || 'en',
  };
  let body: BodyInit | undefined;
  if (input.body instanceof FormData) body = input.body;
  else if (input.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(input.body);
  }

  const url = buildUrl(def.path, input.query);
  // A GET whose answer the server wrote into index.html needs no request at all.
  const embedded = def.method === 'GET' ? takeEmbeddedAnswer(url) : undefined;
  if (embedded) return embedded.data as CallData<E>;
  // A GET that index.html already started (same URL, headers and cookies) is not sent twice.
  const early = def.method === 'GET' ? takeEarlyRequest(url) : undefined;
  let res: Response;
  try {
    res = await (early ??
      fetch(url, {
        method: def.method,
        headers,
        body,
        credentials: 'same-origin',
        signal: session
          ? AbortSignal.any([AbortSignal.timeout(LIMITS.requestTimeoutMs), session])
          : AbortSignal.timeout(LIMITS.requestTimeoutMs),
      }));
  } catch (err) {
    if (session?.aborted) throw sessionEnded(t);
    const timedOut = err instanceof DOMException && err.name === 'TimeoutError';
    const status = timedOut ? 408 : 0;
    throw new ApiError(timedOut ? httpErrorMessage(408, t) : networkErrorMessage(t), { status });
  }

  let payload: unknown = null;
  try {
    payload = await res.json();
  } catch {
    payload = null;
  }

  if (isEnvelope(payload)) {
    if (payload.status === STATUS.ok && res.ok) return payload.data as CallData<E>;
    if (payload.status === STATUS.sessionExpired && epoch === sessionEpoch) hooks.onSessionExpired(payload.msg);
    throw new ApiError(payload.msg, { status: payload.status, code: payload.code ?? null, body: payload });
  }
  throw new ApiError(httpErrorMessage(res.status, t), { status: res.status, body: payload });
}
