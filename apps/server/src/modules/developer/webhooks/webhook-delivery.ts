import type { WebhookDeliveryRow, WebhookEndpointRow } from '../../../db/schema/index.ts';
import { AppError } from '../../../shared/app-error.ts';
import { postWebhook, type AttemptOutcome } from './deliver-client.ts';
import { limiter } from './limiter.ts';
import { signedHeaders } from './signing.ts';
import type { VettedUrl } from './url-guard.ts';
import { withResultUrls, type ResultUrls } from './webhook-events.ts';
import type { DeliveryPatch } from './webhook-deliveries.repository.ts';
import type { WebhooksRepository } from './webhooks.repository.ts';

/** Seconds before each attempt, counted from the failure of the one before: 8 attempts over about 33 hours. */
export const RETRY_SCHEDULE_SECONDS = [0, 5, 300, 1800, 7200, 18_000, 36_000, 36_000] as const;
const LONGEST_WAIT = 36_000;
/** An endpoint whose deliveries have all failed this long is switched off, and its owner told. */
export const FAILING_DISABLE_MS = 5 * 86_400_000;
/** How long after its time a pending delivery is taken up by the sweep rather than its job. */
const OVERDUE_GRACE_MS = 60_000;
/** A job may start a little before its time by the clocks: it still counts as due. */
const DUE_TOLERANCE_MS = 2_000;
/** Deliveries one process holds in hand at most (running or waiting for a place); the sweep adds no more. */
const HELD_MAX = 1_000;

const WEBHOOK_USER_AGENT = 'TuringDesign-Webhooks/1.0';

export interface DeliveryDeps {
  repo: WebhooksRepository;
  /** The URL guard with this deployment's rules. */
  vet(url: string): Promise<VettedUrl>;
  /** The whole attempt's time, the address's lookup included. */
  timeoutMs: number;
  now(): Date;
  /** Attempts run at once by this process, at most; the rest wait their turn. */
  concurrency: number;
  /**
   * Attempts to one endpoint run at once by this process, at most: a user's slow receiver takes
   * that many places, never the others' turns. Its other deliveries wait in a line of its own.
   */
  perEndpoint: number;
  /** Signed addresses of a completed task's results, made at each attempt (they expire). */
  resultUrls?: ResultUrls;
  /** Sends the job that makes the next attempt after `seconds`. */
  later?(deliveryId: string, seconds: number): Promise<void>;
  /** Counts an attempt's outcome (the metrics). */
  attempted?(outcome: 'delivered' | 'retried' | 'failed' | 'gone'): void;
  /** Tells an endpoint's owner it was switched off after failing for days. */
  tellOwner?(endpoint: WebhookEndpointRow): Promise<void>;
  /** The request itself (tests: a receiver of their own). */
  post?: typeof postWebhook;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

const refusedOutcome = (error: string, durationMs = 0): AttemptOutcome => ({
  status: null,
  error,
  durationMs,
  snippet: null,
  retryAfterSeconds: null,
});

/**
 * Text as PostgreSQL stores it: no U+0000 (text cannot hold it), no lone surrogate (a cut through
 * a pair at the snippet's end; it has no UTF-8 form) and no bidirectional controls (the log shows
 * the receiver's words as they are, not reordered).
 */
const UNSTORABLE =
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[\u202A-\u202E\u2066-\u2069]/g;
const storable = (text: string | null) =>
  text === null ? null : text.replaceAll(String.fromCharCode(0), '').replace(UNSTORABLE, '');

/**
 * Attempts of deliveries: each one claimed in one conditional update (so two processes, a job and
 * the sweep, or a job and "send again" never make the same attempt twice), posted to the address the
 * URL guard vetted at that moment, and settled while the claim still holds: delivered, tried again
 * later by its job, or failed.
 */
export function createWebhookDelivery(deps: DeliveryDeps) {
  const { repo } = deps;
  const post = deps.post ?? postWebhook;
  const gate = limiter(deps.concurrency);
  /** Each endpoint's line, while it has attempts running or waiting. */
  const lanes = new Map<string, ReturnType<typeof limiter>>();
  /** The deliveries in hand (waiting for a place or running), by id: one attempt each at a time. */
  const held = new Map<string, Promise<WebhookDeliveryRow | null>>();
  let stopped = false;
  let sweeping = false;

  async function attemptNow(id: string): Promise<WebhookDeliveryRow | null> {
    const now = deps.now();
    // Held past the attempt's longest time: nobody else takes it while it runs.
    const lease = new Date(now.getTime() + deps.timeoutMs + OVERDUE_GRACE_MS);
    const claimed = await repo.claim(id, now, new Date(now.getTime() + DUE_TOLERANCE_MS), lease);
    if (!claimed) return null;
    const endpoint = await repo.findById(claimed.endpointId);
    if (!endpoint?.enabled) {
      return repo.settle(claimed, {
        state: 'failed',
        nextAttemptAt: null,
        lastError: 'endpoint disabled',
        durationMs: 0,
      });
    }
    const outcome = await send(endpoint, claimed, now);
    return settle(endpoint, claimed, outcome);
  }

  async function send(endpoint: WebhookEndpointRow, delivery: WebhookDeliveryRow, now: Date) {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let vetted: VettedUrl;
    try {
      vetted = await deps.vet(endpoint.url);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const timedOut = (err.details as { lookup?: string } | undefined)?.lookup === 'timeout';
      const why = err.code === 'WEBHOOK_URL_FORBIDDEN' ? 'address refused' : 'address not found';
      return refusedOutcome(timedOut ? `address lookup timed out after ${deps.timeoutMs} ms` : why, elapsed());
    }
    // The lookup's time is the attempt's: what is left of it goes to the request.
    const left = deps.timeoutMs - elapsed();
    if (left <= 0) return refusedOutcome(`timed out after ${deps.timeoutMs} ms`, elapsed());
    const body = JSON.stringify(await withResultUrls(delivery.payload, delivery.userId, deps.resultUrls));
    const lookedUp = elapsed();
    const outcome = await post({
      url: vetted.url,
      address: vetted.addresses[0]!,
      headers: {
        ...signedHeaders(endpoint, delivery.messageId, body, now),
        'content-type': 'application/json',
        'user-agent': WEBHOOK_USER_AGENT,
      },
      body,
      timeoutMs: left,
      now: deps.now,
    });
    return { ...outcome, durationMs: outcome.durationMs + lookedUp };
  }

  /**
   * The outcome written under the claim. Should the row refuse it (text PostgreSQL will not take
   * slipped past `storable`), it is written again without the answer's text: the delivery is
   * never left pending under a lease that only runs out, to be tried again and again.
   */
  async function write(delivery: WebhookDeliveryRow, patch: DeliveryPatch) {
    const clean = {
      ...patch,
      responseSnippet: storable(patch.responseSnippet ?? null),
      lastError: storable(patch.lastError ?? null),
    };
    try {
      return await repo.settle(delivery, clean);
    } catch (err) {
      deps.log.warn({ err, deliveryId: delivery.id }, 'a webhook attempt was written without its answer');
      const plain = clean.lastError?.replace(/[^\x20-\x7e]/g, '?') ?? null;
      return repo.settle(delivery, { ...clean, responseSnippet: null, lastError: plain });
    }
  }

  async function settle(endpoint: WebhookEndpointRow, delivery: WebhookDeliveryRow, outcome: AttemptOutcome) {
    const now = deps.now();
    const logged = {
      lastStatus: outcome.status,
      lastError: outcome.error ?? (outcome.status !== null && !ok(outcome.status) ? `HTTP ${outcome.status}` : null),
      durationMs: outcome.durationMs,
      responseSnippet: outcome.snippet,
    };
    if (outcome.status !== null && ok(outcome.status)) {
      const row = await write(delivery, { ...logged, state: 'delivered', nextAttemptAt: null });
      if (row) deps.attempted?.('delivered');
      if (row && endpoint.failingSince) await repo.update(endpoint.id, { failingSince: null });
      return row;
    }
    if (outcome.status === 410) {
      const row = await write(delivery, { ...logged, state: 'failed', nextAttemptAt: null });
      if (row) deps.attempted?.('gone');
      await switchOff(endpoint, 'gone');
      return row;
    }
    const last = delivery.attempts >= RETRY_SCHEDULE_SECONDS.length;
    const wait = last
      ? 0
      : Math.min(LONGEST_WAIT, Math.max(RETRY_SCHEDULE_SECONDS[delivery.attempts]!, outcome.retryAfterSeconds ?? 0));
    const row = await write(
      delivery,
      last
        ? { ...logged, state: 'failed', nextAttemptAt: null }
        : { ...logged, nextAttemptAt: new Date(now.getTime() + wait * 1000) },
    );
    // The lease ran out meanwhile: the row is another attempt's now, and so is what follows.
    if (!row) return null;
    deps.attempted?.(last ? 'failed' : 'retried');
    if (!last) {
      // Lost, the sweep makes the attempt a minute late: it is never lost with it.
      await deps
        .later?.(delivery.id, wait)
        .catch((err: unknown) => deps.log.warn({ err, deliveryId: delivery.id }, 'a webhook retry was not queued'));
    }
    if (!endpoint.failingSince) await repo.update(endpoint.id, { failingSince: now });
    else if (now.getTime() - endpoint.failingSince.getTime() >= FAILING_DISABLE_MS) {
      await switchOff(endpoint, 'failing');
      return (await repo.findDelivery(delivery.userId, delivery.id)) ?? row;
    }
    return row;
  }

  async function switchOff(endpoint: WebhookEndpointRow, reason: 'gone' | 'failing') {
    const off = await repo.disable(endpoint.id, reason);
    await repo.failPending(endpoint.id, 'endpoint disabled');
    if (off && reason === 'failing') {
      await deps
        .tellOwner?.(off)
        .catch((err: unknown) =>
          deps.log.warn({ err, endpointId: endpoint.id }, 'the owner of a failing webhook was not told'),
        );
    }
  }

  /** A place in the endpoint's line, then one among all attempts; undefined when dropped at a stop. */
  async function inTurn(id: string) {
    const endpointId = await repo.endpointOf(id);
    if (!endpointId || stopped) return null;
    let lane = lanes.get(endpointId);
    if (!lane) lanes.set(endpointId, (lane = limiter(deps.perEndpoint)));
    try {
      return await lane(() => gate(() => attemptNow(id)));
    } finally {
      if (lane.idle) lanes.delete(endpointId);
    }
  }

  /**
   * One attempt of a delivery when it is due (none when it is not, or is taken); never rejects. A
   * delivery already in hand here is not queued twice: its attempt under way is the answer.
   */
  function attempt(id: string): Promise<WebhookDeliveryRow | null> {
    const known = held.get(id);
    if (known) return known;
    if (stopped) return Promise.resolve(null);
    const run = inTurn(id).then(
      (row) => row ?? null,
      (err: unknown) => {
        deps.log.error({ err, deliveryId: id }, 'a webhook attempt failed');
        return null;
      },
    );
    held.set(id, run);
    const forget = () => held.delete(id);
    run.then(forget, forget);
    return run;
  }

  async function settled() {
    while (held.size) await Promise.all([...held.values()]);
  }

  return {
    attempt,
    /**
     * Queues the pending deliveries whose time is a while past (their process stopped or their job
     * was lost), leaving out those in hand here; one sweep at a time. Resolves to how many it queued.
     */
    async sweepOverdue(limit = 100) {
      const room = Math.min(limit, HELD_MAX - held.size);
      if (sweeping || stopped || room <= 0) return 0;
      sweeping = true;
      try {
        const before = new Date(deps.now().getTime() - OVERDUE_GRACE_MS);
        const ids = await repo.overdue(before, room, [...held.keys()]);
        // Each attempt logs its own faults and never rejects.
        for (const id of ids) attempt(id).catch(() => null);
        return ids.length;
      } finally {
        sweeping = false;
      }
    },
    /** Delivers again after a stop (a new start of the process's delivery). */
    resume() {
      stopped = false;
    },
    /**
     * Stops taking attempts: those waiting for a place are let go unmade (their rows stay due, for
     * a job or the sweep of any process), and this resolves once the ones under way have ended.
     */
    async stop() {
      stopped = true;
      for (const lane of lanes.values()) lane.drop();
      gate.drop();
      await settled();
    },
    /** Resolves once the attempts in hand have ended. */
    settled,
  };
}

const ok = (status: number) => status >= 200 && status < 300;
