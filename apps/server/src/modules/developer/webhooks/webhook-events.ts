import type { WebhookEvent, WebhookPayload } from '@turing/contract';
import type { Db } from '../../../db/database.ts';
import type { TaskRow } from '../../../db/schema/index.ts';
import { taskMessageId } from './signing.ts';
import type { WebhooksRepository } from './webhooks.repository.ts';

/** What the lifecycle reports: a task was created, or a row of its transition table was applied. */
export type TaskChange = 'create' | (string & {});

/** A completed task's results as a receiver gets them (signed URLs, maybe relative to the site). */
export type TaskResults = (row: TaskRow, tx: Db | undefined) => Promise<WebhookPayload['data']['results']>;

/**
 * Signed absolute addresses of a user's result images, by id (an image no longer there is absent);
 * null when none can be made here.
 */
export type ResultUrls = (userId: string, ids: string[]) => Promise<Map<string, string> | null>;

/** A delivery's payload as stored: results by id and seed, their addresses made at each attempt. */
type StoredPayload = Omit<WebhookPayload, 'data'> & {
  data: Omit<WebhookPayload['data'], 'results'> & { results: { id: string; seed: number | null; url?: string }[] };
};

/**
 * The payload of one attempt: its results' addresses signed now, so a retry hours later or a
 * "send again" days later carries links that work for the usual time. A result whose image has
 * since been deleted is left out (its link could only fail); a row stored with its addresses
 * keeps them when no fresh ones can be made.
 */
export async function withResultUrls(
  stored: Record<string, unknown>,
  userId: string,
  resultUrls: ResultUrls | undefined,
): Promise<WebhookPayload> {
  const payload = stored as unknown as StoredPayload;
  const results = payload.data?.results ?? [];
  if (!results.length) return payload as WebhookPayload;
  const fresh = resultUrls
    ? await resultUrls(
        userId,
        results.map((r) => r.id),
      )
    : null;
  const signed = results.flatMap((r) => {
    const url = fresh ? fresh.get(r.id) : r.url;
    return url ? [{ id: r.id, url, seed: r.seed }] : [];
  });
  return { ...payload, data: { ...payload.data, results: signed } };
}

/**
 * The event a change of a task is, if any. A task sent to a server that has not started it is
 * still in line (as its owner sees it): it was queued when submitted, and starts when the server
 * says so, not when our worker claimed it.
 */
function eventOf(row: Pick<TaskRow, 'state' | 'serverAhead'>, change: TaskChange): WebhookEvent | null {
  switch (row.state) {
    case 'queued':
      return 'task.queued';
    case 'generating':
      if (row.serverAhead === null) return 'task.started';
      return change === 'create' ? 'task.queued' : null;
    case 'complete':
      return 'task.completed';
    case 'cancelled':
      return 'task.cancelled';
    case 'timed_out':
    case 'lost':
      return 'task.failed';
    default:
      return null;
  }
}

/**
 * Turns task changes into deliveries: one row per endpoint told of the event, written in the
 * transaction of the change when it has one (so the event exists exactly when the change does),
 * and told to the delivering processes when it commits.
 */
export function createWebhookEvents(deps: {
  repo: { pool: WebhooksRepository; in(tx: Db): WebhooksRepository };
  results: () => TaskResults | null;
  now(): Date;
}) {
  return async function taskChanged(tx: Db | null, row: TaskRow, change: TaskChange) {
    const event = eventOf(row, change);
    if (!event) return;
    const repo = tx ? deps.repo.in(tx) : deps.repo.pool;
    const endpointIds = await repo.subscribers(row.userId, event, row.webhookEndpointId ?? null);
    if (!endpointIds.length) return;
    const results = event === 'task.completed' ? ((await deps.results()?.(row, tx ?? undefined)) ?? []) : [];
    const now = deps.now();
    // Ids and seeds only: each attempt signs the addresses afresh (withResultUrls).
    const payload: StoredPayload = {
      type: event,
      timestamp: now.toISOString(),
      data: {
        taskId: row.id,
        state: row.state === 'generating' && row.serverAhead !== null ? 'queued' : row.state,
        results: results.map((r) => ({ id: r.id, seed: r.seed })),
        error: row.errorCode ? { code: row.errorCode } : null,
      },
    };
    await repo.insertDeliveries({
      endpointIds,
      userId: row.userId,
      messageId: taskMessageId(row.id, event, row.seq),
      event,
      taskId: row.id,
      payload,
      at: now,
    });
  };
}
