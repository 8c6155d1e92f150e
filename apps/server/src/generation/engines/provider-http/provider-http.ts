/**
 * One HTTP call to a hosted image API with the waiting every such API needs: a time limit per
 * attempt and one for the whole call, a 429 waited out for its `Retry-After`, other faults the
 * rules allow tried again after a growing pause with jitter, and nothing sent again that the rules
 * (retry-rules.ts) say may already have been acted on.
 *
 * The loop, the exponential backoff with its jitter and the abortable pause between attempts are
 * p-retry's (sindresorhus/p-retry: maintained, plain JavaScript, no dependency on the HTTP stack).
 * undici's RetryAgent was the other candidate, but it is a dispatcher of the npm undici package,
 * not of the copy inside Node that runs the global fetch, it decides what to retry by HTTP method
 * rather than by whether a request may have reached the provider, and it cannot replay a FormData
 * body. What p-retry leaves to us is HTTP's own part: which answers and faults are retried,
 * `Retry-After`, and a deadline that ends the call as soon as the next wait would pass it, where
 * p-retry's `maxRetryTime` would only shorten that wait.
 */
import pRetry, { AbortError } from 'p-retry';
import { EngineError } from '../../engine.ts';
import { faultOf, type Failure, type RetryRules } from './retry-rules.ts';

export type { Failure } from './retry-rules.ts';

/** A call's limits in time. */
interface CallLimits {
  /** The caller's signal (cancel, shutdown): it ends the call at once, waiting or not. */
  signal: AbortSignal;
  /** When the whole call must be over (epoch ms): no wait before another try ends past it. */
  deadline: number;
  /**
   * One attempt's own limit (a provider that hangs with the socket open). Absent, an attempt may
   * take all the time left before the deadline, and none starts once it has passed.
   */
  attemptMs?: number;
}

/** How a call that gave up ended; the caller turns it into its own error. */
export interface GiveUp {
  /**
   * `unsafe`: a fault the rules do not retry (the request may have reached the provider);
   * `retries`: the bounded tries are spent; `wait`: the next wait would end past the deadline;
   * `time`: the deadline passed before or during an attempt.
   */
  reason: 'unsafe' | 'retries' | 'wait' | 'time';
  /** The last attempt's failure; absent when the deadline passed before the first attempt. */
  failure?: Failure;
  tries: number;
}

export interface CallOptions<T> {
  rules: RetryRules;
  limits: CallLimits;
  /** The first pause before another try, doubled each time (times 1–2 at random) up to `maxMs`. */
  backoff: { firstMs: number; maxMs: number };
  /** Tries again of everything but a 429 (that waits as long as the deadline allows); default: no bound. */
  retries?: number;
  /**
   * Reads an answer the rules do not retry (2xx, most 4xx); what it returns is the call's result.
   * An EngineError it throws ends the call as it is; any other error counts as a lost connection.
   */
  read(res: Response): Promise<T>;
  giveUp(end: GiveUp): Error;
  /** The error when the caller's signal aborted the call; default `Aborted`. */
  aborted?(): Error;
  /** Hears of every pause before another try (for logs). */
  onRetry?(failure: Failure, waitMs: number, tries: number): void;
}

/** Thrown out of a call when the caller's signal aborted: the caller decides what that means. */
export class Aborted extends Error {
  constructor() {
    super('aborted');
    this.name = 'Aborted';
  }
}

/** An attempt that failed in a way the rules retry; p-retry sees only these and AbortErrors. */
class Retryable extends Error {
  readonly failure: Failure;
  constructor(failure: Failure) {
    super('retryable');
    this.failure = failure;
  }
}

/** Even "Retry-After: 0" waits a little: an immediate retry would only be limited again. */
const SHORTEST_RATE_WAIT_MS = 200;

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

/** What a rate-limited answer asks us to wait, when it says. */
function rateWait(failure: Failure): number | undefined {
  if (failure.type !== 'answer' || failure.status !== 429) return undefined;
  const asked = retryAfterMs(failure.headers.get('retry-after'));
  return asked === undefined ? undefined : Math.max(asked, SHORTEST_RATE_WAIT_MS);
}

/** Sends `init` to `url` until `read` takes an answer or the call gives up (see CallOptions). */
export async function request<T>(url: string, init: Omit<RequestInit, 'signal'>, options: CallOptions<T>): Promise<T> {
  const { rules, limits } = options;
  const boundByDeadline = limits.attemptMs === undefined;
  let failures = 0;
  const end = (giveUp: GiveUp) => new AbortError(options.giveUp(giveUp));

  async function attempt(tries: number): Promise<T> {
    if (boundByDeadline && Date.now() >= limits.deadline) throw end({ reason: 'time', tries: tries - 1 });
    const limit = limits.attemptMs ?? Math.max(1, limits.deadline - Date.now());
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.any([limits.signal, AbortSignal.timeout(limit)]) });
      if (!rules.status(res.status)) return await options.read(res);
      const text = await res.text().catch(() => '');
      throw new Retryable({ type: 'answer', status: res.status, headers: res.headers, text });
    } catch (error) {
      if (error instanceof Retryable || error instanceof AbortError) throw error;
      if (error instanceof EngineError) throw new AbortError(error);
      // p-retry answers an aborted signal with its reason, whatever the attempt threw.
      if (limits.signal.aborted) throw error;
      const fault = faultOf(error);
      if (boundByDeadline && (fault.timedOut || Date.now() >= limits.deadline)) {
        throw end({ reason: 'time', failure: fault, tries });
      }
      if (!rules.fault(fault)) throw end({ reason: 'unsafe', failure: fault, tries });
      throw new Retryable(fault);
    }
  }

  try {
    return await pRetry(attempt, {
      signal: limits.signal,
      // The deadline ends the waiting (checked below); `options.retries` bounds the other faults.
      retries: Infinity,
      minTimeout: options.backoff.firstMs,
      maxTimeout: options.backoff.maxMs,
      factor: 2,
      // Jitter: the tasks a provider's outage failed together do not all come back together.
      randomize: true,
      // A wait the provider named replaces the backoff (and does not grow it); it is taken below.
      shouldConsumeRetry: ({ error }) => rateWait((error as Retryable).failure) === undefined,
      async onFailedAttempt({ error, attemptNumber: tries, retryDelay }) {
        const { failure } = error as Retryable;
        const asked = rateWait(failure);
        const rateLimited = failure.type === 'answer' && failure.status === 429;
        if (!rateLimited && ++failures > (options.retries ?? Infinity)) {
          throw options.giveUp({ reason: 'retries', failure, tries });
        }
        const wait = asked ?? retryDelay;
        if (Date.now() + wait >= limits.deadline) throw options.giveUp({ reason: 'wait', failure, tries });
        options.onRetry?.(failure, wait, tries);
        if (asked !== undefined) await pause(asked, limits.signal);
      },
    });
  } catch (error) {
    if (limits.signal.aborted) throw options.aborted?.() ?? new Aborted();
    throw error;
  }
}
