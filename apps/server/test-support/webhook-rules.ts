import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, vi } from 'vitest';
import { webhookDeliveries, webhookEndpoints } from '../src/db/schema/index.ts';
import type { AttemptOutcome, postWebhook } from '../src/modules/developer/webhooks/deliver-client.ts';
import { createWebhooksPart } from '../src/modules/developer/webhooks/webhooks.part.ts';
import { createWebhooksRepository } from '../src/modules/developer/webhooks/webhooks.repository.ts';
import type { ResolvedAddress } from '../src/modules/developer/webhooks/url-guard.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

type Post = typeof postWebhook;

/**
 * The webhooks' rules on a real database with a clock and a resolver of the test's own, and no
 * network: every address a name resolves to here is either refused or never reached. Builds the
 * test app for the file that calls it (before its tests, closed after them).
 */
export function webhookRules() {
  let app: TestApp | null = null;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app?.close());
  const db = () => app!.database.db;

  let now = new Date('2026-11-27T10:00:00Z');
  const clock = {
    get now() {
      return now;
    },
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
    },
  };
  const answers = new Map<string, string[]>();
  const resolve = async (host: string): Promise<ResolvedAddress[]> =>
    (answers.get(host) ?? ['93.184.215.14']).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  const mail = vi.fn(async (_m: { to: string; subject: string; text: string }) => true);
  const later = vi.fn(async (_id: string, _seconds: number) => {});
  const repo = () => createWebhooksRepository(db());

  return {
    get t() {
      return app!;
    },
    clock,
    /** What a host name resolves to (a public address unless set). */
    answers,
    resolve,
    mail,
    later,
    quiet: { warn: () => {}, error: () => {} },
    answer: (status: number, snippet: string | null = null): AttemptOutcome => ({
      status,
      error: null,
      durationMs: 3,
      snippet,
      retryAfterSeconds: null,
    }),
    makePart(post?: Post) {
      const part = createWebhooksPart({
        post,
        database: app!.database,
        config: {
          production: false,
          WEBHOOK_ALLOW_PRIVATE: false,
          WEBHOOK_TIMEOUT_MS: 1000,
          publicUrl: 'https://td.example',
        },
        log: { warn: () => {}, error: () => {} } as never,
        now: () => clock.now,
        resolve,
      });
      part.webhooks.connect({ later, mail, emailOf: async () => 'owner@example.com' });
      return part.webhooks;
    },
    repo,
    /** A delivery of a made-up message to `endpointId`, due now. */
    async deliveryTo(endpointId: string, userId: string) {
      const [id] = await repo().insertDeliveries({
        endpointIds: [endpointId],
        userId,
        messageId: `msg_${Math.random().toString(36).slice(2)}`,
        event: 'task.completed',
        taskId: null,
        payload: { type: 'task.completed' },
        at: clock.now,
      });
      return id!;
    },
    deliveryRow: async (id: string) =>
      (await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!,
    endpointRow: async (id: string) =>
      (await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0]!,
  };
}
