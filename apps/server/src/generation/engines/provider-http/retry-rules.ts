/**
 * Which failed calls to a hosted image API are tried again. A request that creates something the
 * provider bills for is sent again only when the provider cannot have acted on it; reading and
 * cancelling are safe to repeat after any fault.
 */

/** Why one attempt did not yield an answer for the caller. */
export type Failure =
  /** An answer the rules send again (a 429, a 5xx…); `text` is its body, for messages. */
  | { type: 'answer'; status: number; headers: Headers; text: string }
  /**
   * No answer: refused, reset, dropped mid-body, or the attempt's time limit. `sent` is false only
   * when the connection failed before a byte of the request left.
   */
  | { type: 'fault'; error: unknown; code?: string; timedOut: boolean; sent: boolean };

export interface RetryRules {
  /** Whether an answer with this status is tried again; any other is returned to the caller. */
  status(status: number): boolean;
  /** Whether a request that got no answer is tried again; otherwise the call ends (`unsafe`). */
  fault(fault: Extract<Failure, { type: 'fault' }>): boolean;
}

/** Connection faults that happen before a byte of the request left: nothing can have been created. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);
/** Answers that come from in front of the provider's application, or tell us to wait. */
const NOT_CREATED = new Set([429, 502, 503, 504]);

/**
 * Submitting a job to an asynchronous API (FLUX, Wan): a job the provider accepted is billed
 * whether or not we heard of it, so the request goes again only after a 429, a gateway's answer
 * (502, 503, 504), or a connection that was never made. A 500, a reset after the request left, or
 * a timeout may have created the job: the call ends there and the task is not sent again.
 */
export const SUBMIT: RetryRules = {
  status: (status) => NOT_CREATED.has(status),
  fault: (fault) => !fault.sent,
};

/** Polling, cancelling, fetching a result: idempotent, so any 5xx, 429 or fault is tried again. */
export const READ: RetryRules = {
  status: (status) => status === 429 || status >= 500,
  fault: () => true,
};

/**
 * A synchronous generation (Stability): the image is the answer itself, and no job is left at the
 * provider to be followed or paid for twice, so a 5xx, a 408 and a lost connection are tried again
 * (a bounded number of times, see `retries`) as well as a 429.
 */
export const SYNCHRONOUS: RetryRules = {
  status: (status) => status === 429 || status === 408 || status >= 500,
  fault: () => true,
};

/** The error code fetch's error carries somewhere in its chain of causes (undici nests them). */
function faultCode(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A request that got no answer, as the rules read it. */
export function faultOf(error: unknown): Extract<Failure, { type: 'fault' }> {
  const code = faultCode(error);
  const timedOut = (error as Error | undefined)?.name === 'TimeoutError';
  return { type: 'fault', error, code, timedOut, sent: !(code && NOT_SENT.has(code)) };
}

/** A failure in a few words, for messages and logs: `HTTP 503`, `timed out`, `ECONNRESET`… */
export function whyFailed(failure: Failure | undefined): string {
  if (!failure) return 'no time left';
  if (failure.type === 'answer') return `HTTP ${failure.status}`;
  return failure.timedOut ? 'timed out' : (failure.code ?? 'connection failed');
}
