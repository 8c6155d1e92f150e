import { EngineError } from '../../engine.ts';
import { request } from './provider-http.ts';
import { READ, SUBMIT, whyFailed } from './retry-rules.ts';

/** How long to wait between tries, and for how long at all. */
export interface Timing {
  /** First pause after a 5xx or a dropped connection; doubles (with jitter) up to `maxRetryMs`. */
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
  /** Creates something that costs money: retried only as SUBMIT allows (see retry-rules.ts). */
  | 'create'
  /** Reads or cancels: safe to repeat after any fault. */
  | 'read';

const limitsOf = (timing: Timing, signal: AbortSignal) => ({
  signal,
  deadline: timing.deadline,
  attemptMs: timing.requestMs,
});
const backoffOf = (timing: Timing) => ({ firstMs: timing.retryMs, maxMs: timing.maxRetryMs });

function parsed(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One JSON call to an asynchronous provider (submit, poll, cancel). Answers the rules of its kind
 * do not retry (2xx, 4xx, a 500 to a submission) are returned for the provider to read. `name`
 * prefixes messages (for logs).
 */
export function call(
  name: string,
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
  kind: CallKind,
  timing: Timing,
  signal: AbortSignal,
): Promise<Answer> {
  return request(url, init, {
    rules: kind === 'create' ? SUBMIT : READ,
    limits: limitsOf(timing, signal),
    backoff: backoffOf(timing),
    read: async (res) => ({ status: res.status, headers: res.headers, json: parsed(await res.text()) }),
    giveUp: ({ reason, failure, tries }) =>
      reason === 'unsafe'
        ? // The request may have reached the provider: sending it again could pay twice.
          new EngineError('lost', `${name}: no answer to a submission (${whyFailed(failure)}); not sent again`, {
            cause: failure?.type === 'fault' ? failure.error : undefined,
          })
        : new EngineError(
            kind === 'create' ? 'unavailable' : 'stalled',
            `${name}: ${whyFailed(failure)}, and the task's time is up (${tries} tries)`,
          ),
  });
}

/** Reads a result image; an expired or missing one is `lost` (never an empty result). */
export function download(name: string, url: string, timing: Timing, signal: AbortSignal): Promise<Buffer> {
  return request(
    url,
    {},
    {
      rules: READ,
      limits: limitsOf(timing, signal),
      backoff: backoffOf(timing),
      async read(res) {
        if (res.ok) {
          const bytes = Buffer.from(await res.arrayBuffer());
          if (bytes.length === 0) throw new EngineError('lost', `${name}: a result image was empty`);
          return bytes;
        }
        await res.body?.cancel().catch(() => undefined);
        // Signed result links expire (FLUX after 10 minutes, DashScope after 24 hours).
        throw new EngineError('lost', `${name}: a result image could not be fetched (HTTP ${res.status}, expired?)`);
      },
      giveUp: ({ failure }) =>
        new EngineError(
          'lost',
          `${name}: a result image could not be fetched (${whyFailed(failure)}) before the deadline`,
        ),
    },
  );
}
