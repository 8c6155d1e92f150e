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
  publicUrl: string;
  now(): Date;
}) {
  const absolute = (url: string) =>
    /^https?:\/\//i.test(url) ? url : `${deps.publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;

  return async function taskChanged(tx: Db | null, row: TaskRow, change: TaskChange) {
    const event = eventOf(row, change);
    if (!event) return;
    const repo = tx ? deps.repo.in(tx) : deps.repo.pool;
    const endpointIds = await repo.subscribers(row.userId, event, row.webhookEndpointId ?? null);
    if (!endpointIds.length) return;
    const results = event === 'task.completed' ? ((await deps.results()?.(row, tx ?? undefined)) ?? []) : [];
    const now = deps.now();
    const payload: WebhookPayload = {
      type: event,
      timestamp: now.toISOString(),
      data: {
        taskId: row.id,
        state: row.state === 'generating' && row.serverAhead !== null ? 'queued' : row.state,
        results: results.map((r) => ({ id: r.id, url: absolute(r.url), seed: r.seed })),
        error: row.errorCode ? { code: row.errorCode } : null,
      },
    };
    await repo.insertDeliveries({
      endpointIds,
      userId: row.userId,
      messageId: taskMessageId(row.id, event, row.attempt),
      event,
      taskId: row.id,
      payload,
      at: now,
    });
  };
}
