import type { WebhookDeliveryRow, WebhookEndpointRow } from '../../../db/schema/index.ts';
import { AppError } from '../../../shared/app-error.ts';
import { postWebhook, type AttemptOutcome } from './deliver-client.ts';
import { signedHeaders } from './signing.ts';
import type { VettedUrl } from './url-guard.ts';
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

const WEBHOOK_USER_AGENT = 'TuringDesign-Webhooks/1.0';

export interface DeliveryDeps {
  repo: WebhooksRepository;
  /** The URL guard with this deployment's rules. */
  vet(url: string): Promise<VettedUrl>;
  timeoutMs: number;
  now(): Date;
  /** Attempts run at once by this process, at most; the rest wait their turn. */
  concurrency: number;
  /** Sends the job that makes the next attempt after `seconds`. */
  later?(deliveryId: string, seconds: number): Promise<void>;
  /** Tells an endpoint's owner it was switched off after failing for days. */
  tellOwner?(endpoint: WebhookEndpointRow): Promise<void>;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** A gate letting `max` tasks run at once, in arrival order. */
function limiter(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await work();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}

const refusedOutcome = (error: string): AttemptOutcome => ({
  status: null,
  error,
  durationMs: 0,
  snippet: null,
  retryAfterSeconds: null,
});

/**
 * Attempts of deliveries: each one claimed in one conditional update (so two processes, a job and
 * the sweep, or a job and "send again" never make the same attempt twice), posted to the address the
 * URL guard vetted at that moment, and settled: delivered, tried again later by its job, or failed.
 */
export function createWebhookDelivery(deps: DeliveryDeps) {
  const { repo } = deps;
  const gate = limiter(deps.concurrency);
  const inFlight = new Set<Promise<unknown>>();

  async function attemptNow(id: string): Promise<WebhookDeliveryRow | null> {
    const now = deps.now();
    // Held past the attempt's longest time: nobody else takes it while it runs.
    const lease = new Date(now.getTime() + deps.timeoutMs + OVERDUE_GRACE_MS);
    const claimed = await repo.claim(id, now, new Date(now.getTime() + DUE_TOLERANCE_MS), lease);
    if (!claimed) return null;
    const endpoint = await repo.findById(claimed.endpointId);
    if (!endpoint?.enabled) {
      return repo.updateDelivery(id, { state: 'failed', nextAttemptAt: null, lastError: 'endpoint disabled' });
    }
    const outcome = await send(endpoint, claimed, now);
    return settle(endpoint, claimed, outcome);
  }

  async function send(endpoint: WebhookEndpointRow, delivery: WebhookDeliveryRow, now: Date) {
    let vetted: VettedUrl;
    try {
      vetted = await deps.vet(endpoint.url);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return refusedOutcome(err.code === 'WEBHOOK_URL_FORBIDDEN' ? 'address refused' : 'address not found');
    }
    const body = JSON.stringify(delivery.payload);
    return postWebhook({
      url: vetted.url,
      address: vetted.addresses[0]!,
      headers: {
        ...signedHeaders(endpoint, delivery.messageId, body, now),
        'content-type': 'application/json',
        'user-agent': WEBHOOK_USER_AGENT,
      },
      body,
      timeoutMs: deps.timeoutMs,
      now: deps.now,
    });
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
      if (endpoint.failingSince) await repo.update(endpoint.id, { failingSince: null });
      return repo.updateDelivery(delivery.id, { ...logged, state: 'delivered', nextAttemptAt: null });
    }
    if (outcome.status === 410) {
      const row = await repo.updateDelivery(delivery.id, { ...logged, state: 'failed', nextAttemptAt: null });
      await switchOff(endpoint, 'gone');
      return row;
    }
    let row: WebhookDeliveryRow | null;
    if (delivery.attempts >= RETRY_SCHEDULE_SECONDS.length) {
      row = await repo.updateDelivery(delivery.id, { ...logged, state: 'failed', nextAttemptAt: null });
    } else {
      const wait = Math.min(
        LONGEST_WAIT,
        Math.max(RETRY_SCHEDULE_SECONDS[delivery.attempts]!, outcome.retryAfterSeconds ?? 0),
      );
      const next = new Date(now.getTime() + wait * 1000);
      row = await repo.updateDelivery(delivery.id, { ...logged, nextAttemptAt: next });
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

  /** One attempt of a delivery when it is due (none when it is not, or is taken); never rejects. */
  function attempt(id: string): Promise<WebhookDeliveryRow | null> {
    const run = gate(() => attemptNow(id)).catch((err: unknown) => {
      deps.log.error({ err, deliveryId: id }, 'a webhook attempt failed');
      return null;
    });
    inFlight.add(run);
    const forget = () => inFlight.delete(run);
    run.then(forget, forget);
    return run;
  }

  return {
    attempt,
    /** Attempts the pending deliveries whose time is a while past (their process stopped or their job was lost). */
    async sweepOverdue(limit = 100) {
      const ids = await repo.overdue(new Date(deps.now().getTime() - OVERDUE_GRACE_MS), limit);
      await Promise.all(ids.map(attempt));
      return ids.length;
    },
    /** Resolves once the attempts under way have ended. */
    async settled() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
  };
}

const ok = (status: number) => status >= 200 && status < 300;
