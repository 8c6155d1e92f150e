import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { WebhookDelivery, WebhookEndpoint, WebhookPayload } from '@turing/contract';
import { appHeaders, seedUser } from '../../../../test-support/test-app.ts';
import { buildGenerationApp, finished, getTask, submit, until } from '../../../../test-support/design-helpers.ts';

// Webhooks through the app and its in-process workers, delivered to a real HTTP receiver on this
// machine (WEBHOOK_ALLOW_PRIVATE, as outside production), with a one-second receiver timeout.

interface Heard {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}
type Behaviour = (res: http.ServerResponse, count: number) => void;

const heard: Heard[] = [];
const behaviours = new Map<string, Behaviour>();
const hits = new Map<string, number>();
const open = new Set<http.ServerResponse>();
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const path = req.url ?? '/';
    const count = (hits.get(path) ?? 0) + 1;
    hits.set(path, count);
    heard.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString(), at: Date.now() });
    open.add(res);
    res.on('close', () => open.delete(res));
    (behaviours.get(path) ?? ((r) => r.end('ok')))(res, count);
  });
});
let base = '';
let t: Awaited<ReturnType<typeof buildGenerationApp>>;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  // Long enough for a receiver on this machine to answer while the whole suite runs beside it.
  t = await buildGenerationApp({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_MS: '4000' });
});
afterAll(async () => {
  for (const res of open) res.destroy();
  await t?.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

interface Answer<D> {
  status: number;
  code?: string;
  data: D;
}
const call = async <D>(cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  (
    await t.app.inject({
      method,
      url: `/turing${url}`,
      headers: { ...appHeaders(), cookie },
      ...(payload && { payload }),
    })
  ).json<Answer<D>>();
const addEndpoint = (cookie: string, path: string, events: string[] = ['task.completed']) =>
  call<{ endpoint: WebhookEndpoint; secret: string }>(cookie, 'POST', '/user/webhooks', {
    url: `${base}${path}`,
    events,
  });
const deliveries = async (cookie: string, id: string) =>
  (await call<{ items: WebhookDelivery[] }>(cookie, 'GET', `/user/webhooks/deliveries?id=${id}`)).data.items;
/** A deadline for a hung run, not a timing: the run shares the machine with the rest of the suite. */
const runTask = async (cookie: string) => {
  const task = (await submit(t, cookie, { mode: 'text', prompt: 'a courtyard house', count: 1 })).json().data;
  return until(() => getTask(t, cookie, task.id), finished, 60_000);
};
const heardOn = (path: string, n = 1) =>
  until(
    async () => heard.filter((h) => h.path === path),
    (list) => list.length >= n,
    10_000,
  );

describe('webhook endpoints', () => {
  it('are added with a secret shown once, listed without it, and refused past the limit', async () => {
    const { cookie } = await seedUser(t);
    const made = await addEndpoint(cookie, '/list', ['task.queued', 'task.completed']);
    expect(made.status).toBe(200);
    expect(made.data.secret).toMatch(/^whsec_/);
    expect(made.data.endpoint).toMatchObject({ enabled: true, perTask: false, lastDelivery: null });
    const listed = await call<{ items: WebhookEndpoint[] }>(cookie, 'GET', '/user/webhooks');
    expect(listed.data.items.map((e) => e.id)).toEqual([made.data.endpoint.id]);
    expect(JSON.stringify(listed.data)).not.toContain(made.data.secret);
    for (let i = 1; i < 10; i += 1) expect((await addEndpoint(cookie, `/list${i}`)).status).toBe(200);
    expect((await addEndpoint(cookie, '/eleven')).code).toBe('WEBHOOK_LIMIT');
    expect(
      (await call(cookie, 'POST', '/user/webhooks', { url: 'ftp://x.example', events: ['task.queued'] })).code,
    ).toBe('WEBHOOK_URL_INVALID');
    expect((await call(cookie, 'POST', '/user/webhooks', { url: `${base}/x`, events: [] })).code).toBe(
      'WEBHOOK_EVENTS_REQUIRED',
    );
  });

  it("are another user's to change, see or delete only", async () => {
    const alice = await seedUser(t);
    const bob = await seedUser(t);
    const { endpoint } = (await addEndpoint(alice.cookie, '/private')).data;
    expect((await call(bob.cookie, 'POST', '/user/webhooks/delete', { id: endpoint.id })).code).toBe(
      'WEBHOOK_NOT_FOUND',
    );
    expect((await call(bob.cookie, 'POST', '/user/webhooks/rotate', { id: endpoint.id })).code).toBe(
      'WEBHOOK_NOT_FOUND',
    );
    expect((await call(bob.cookie, 'GET', `/user/webhooks/deliveries?id=${endpoint.id}`)).code).toBe(
      'WEBHOOK_NOT_FOUND',
    );
    expect((await call(alice.cookie, 'POST', '/user/webhooks/delete', { id: endpoint.id })).status).toBe(200);
    expect((await call<{ items: unknown[] }>(alice.cookie, 'GET', '/user/webhooks')).data.items).toEqual([]);
  });
});

describe('task events', () => {
  let cookie = '';
  let endpoint: WebhookEndpoint;
  let secret = '';

  it('reach the receiver signed, thin, once per state change, with absolute result URLs', async () => {
    ({ cookie } = await seedUser(t));
    ({ endpoint, secret } = (
      await addEndpoint(cookie, '/events', ['task.queued', 'task.started', 'task.completed', 'task.failed'])
    ).data);
    const task = await runTask(cookie);
    expect(task.state).toBe('complete');
    const got = await heardOn('/events', 2);
    await new Promise((r) => setTimeout(r, 300));
    const mine = heard.filter((h) => h.path === '/events');
    const payloads = mine.map(
      (h) => new Webhook(secret).verify(h.body, h.headers as Record<string, string>) as WebhookPayload,
    );
    const types = payloads.map((p) => p.type);
    // Submitted straight to a free worker: it started without waiting in line.
    expect(new Set(types)).toEqual(new Set(['task.started', 'task.completed']));
    expect(types).toHaveLength(2);
    const completed = payloads.find((p) => p.type === 'task.completed')!;
    expect(completed.data).toMatchObject({ taskId: task.id, state: 'complete', error: null });
    expect(completed.data.results).toHaveLength(1);
    expect(completed.data.results[0]!.url).toMatch(/^http:\/\/localhost:\d+\//);
    expect(Object.keys(completed.data.results[0]!).sort()).toEqual(['id', 'seed', 'url']);
    expect(got[0]!.headers['user-agent']).toMatch(/TuringDesign/);
    expect(got[0]!.headers['content-type']).toBe('application/json');
    const log = await deliveries(cookie, endpoint.id);
    expect(log.map((d) => [d.event, d.state, d.lastStatus, d.attempts])).toEqual(
      expect.arrayContaining([
        ['task.completed', 'delivered', 200, 1],
        ['task.started', 'delivered', 200, 1],
      ]),
    );
    expect(log[0]!.durationMs).toBeGreaterThanOrEqual(0);
    expect(log[0]!.responseSnippet).toBe('ok');
  });

  it('are sent again on request under the same message id, signed by both secrets during a rotation', async () => {
    const [first] = await deliveries(cookie, endpoint.id);
    const rotated = await call<{ secret: string; endpoint: WebhookEndpoint }>(cookie, 'POST', '/user/webhooks/rotate', {
      id: endpoint.id,
    });
    expect(rotated.data.secret).not.toBe(secret);
    expect(rotated.data.endpoint.previousSecretUntil).not.toBeNull();
    const before = heard.length;
    const again = await call<WebhookDelivery>(cookie, 'POST', '/user/webhooks/redeliver', { id: first!.id });
    expect(again.data).toMatchObject({ messageId: first!.messageId, state: 'delivered', attempts: 2 });
    const resent = heard.slice(before).find((h) => h.path === '/events')!;
    expect(resent.headers['webhook-id']).toBe(first!.messageId);
    const headers = resent.headers as Record<string, string>;
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(new Webhook(secret).verify(resent.body, headers)).toBeTruthy();
    expect(new Webhook(rotated.data.secret).verify(resent.body, headers)).toBeTruthy();
    const list = (await call<{ items: WebhookEndpoint[] }>(cookie, 'GET', '/user/webhooks')).data.items;
    expect(list[0]!.lastDelivery).toMatchObject({ status: 200, ok: true });
    expect(
      (await call(cookie, 'POST', '/user/webhooks/redeliver', { id: '00000000-0000-4000-8000-000000000000' })).code,
    ).toBe('WEBHOOK_DELIVERY_NOT_FOUND');
  });
});

describe('answers and faults', () => {
  it("are logged without the characters PostgreSQL refuses: a NUL in the receiver's answer", async () => {
    behaviours.set('/nul', (res) => res.end('ok\u0000done'));
    const { cookie } = await seedUser(t);
    const { endpoint } = (await addEndpoint(cookie, '/nul')).data;
    await runTask(cookie);
    const [d] = await until(
      () => deliveries(cookie, endpoint.id),
      (l) => l[0]?.state === 'delivered',
    );
    expect(d).toMatchObject({ attempts: 1, lastStatus: 200, responseSnippet: 'okdone' });
  });

  it('of the webhook write never undo a completion: the task completes with its results', async () => {
    const { cookie } = await seedUser(t);
    await addEndpoint(cookie, '/never', ['task.started', 'task.completed']);
    const hooks = t.app.services!.webhooks;
    const real = hooks.taskChanged;
    hooks.taskChanged = async (tx, row, change) => {
      await real(tx, row, change);
      if (tx) await tx.execute(sql`select 1 / 0`);
    };
    try {
      const task = await runTask(cookie);
      expect(task).toMatchObject({ state: 'complete', error: null });
      expect(task.results).toHaveLength(1);
    } finally {
      hooks.taskChanged = real;
    }
    expect(hits.get('/never')).toBeUndefined();
  });
});

describe('failed attempts', () => {
  it('are tried again by their job: a 500, then delivered 5 seconds later', async () => {
    behaviours.set('/flaky', (res, n) => {
      res.statusCode = n === 1 ? 500 : 204;
      res.end(n === 1 ? 'broken' : '');
    });
    const { cookie } = await seedUser(t);
    const { endpoint } = (await addEndpoint(cookie, '/flaky')).data;
    await runTask(cookie);
    const [failed] = await until(
      () => deliveries(cookie, endpoint.id),
      (l) => l[0]?.attempts === 1 && l[0].lastStatus === 500,
    );
    expect(failed).toMatchObject({ state: 'pending', lastError: 'HTTP 500', responseSnippet: 'broken' });
    const wait = Date.parse(failed!.nextAttemptAt!) - Date.parse(failed!.lastAttemptAt!);
    expect(wait).toBeGreaterThanOrEqual(4_900);
    expect(wait).toBeLessThan(7_000);
    const [done] = await until(
      () => deliveries(cookie, endpoint.id),
      (l) => l[0]?.state === 'delivered',
      15_000,
    );
    expect(done).toMatchObject({ attempts: 2, lastStatus: 204, nextAttemptAt: null, messageId: failed!.messageId });
    const [one, two] = heard.filter((h) => h.path === '/flaky');
    expect(two!.headers['webhook-id']).toBe(one!.headers['webhook-id']);
  });

  it('wait as long as Retry-After asks', async () => {
    behaviours.set('/busy', (res) => {
      res.writeHead(503, { 'retry-after': '120' });
      res.end();
    });
    const { cookie } = await seedUser(t);
    const { endpoint } = (await addEndpoint(cookie, '/busy')).data;
    await runTask(cookie);
    const [d] = await until(
      () => deliveries(cookie, endpoint.id),
      (l) => l[0]?.attempts === 1 && l[0].lastError !== null,
    );
    expect(Date.parse(d!.nextAttemptAt!) - Date.parse(d!.lastAttemptAt!)).toBeGreaterThanOrEqual(119_000);
  });

  it('switch the endpoint off when the receiver answers 410', async () => {
    behaviours.set('/gone', (res) => {
      res.statusCode = 410;
      res.end('gone');
    });
    const { cookie } = await seedUser(t);
    const gone = async () =>
      (await t.app.services!.metrics.registry.getSingleMetric('turing_webhook_attempts_total')!.get()).values.find(
        (v) => v.labels.outcome === 'gone',
      )?.value ?? 0;
    const goneBefore = await gone();
    const { endpoint } = (await addEndpoint(cookie, '/gone', ['task.started', 'task.completed'])).data;
    await runTask(cookie);
    const list = await until(
      async () => (await call<{ items: WebhookEndpoint[] }>(cookie, 'GET', '/user/webhooks')).data.items,
      (l) => l[0]?.enabled === false,
    );
    expect(list[0]!.disabledReason).toBe('gone');
    // Counted for the operator's dashboard: the attempt that met the 410.
    expect(await gone()).toBeGreaterThan(goneBefore);
    const log = await until(
      () => deliveries(cookie, endpoint.id),
      (l) => l.every((d) => d.state === 'failed'),
    );
    expect(log.map((d) => d.state)).toEqual(['failed', 'failed'].slice(0, log.length));
    // Switched on again: reason and failing time forgotten.
    const on = await call<WebhookEndpoint>(cookie, 'POST', '/user/webhooks/update', { id: endpoint.id, enabled: true });
    expect(on.data).toMatchObject({ enabled: true, disabledReason: null });
  });

  it('end after the timeout when the receiver hangs, and are tried again', async () => {
    behaviours.set('/hang', () => {});
    const { cookie } = await seedUser(t);
    const { endpoint } = (await addEndpoint(cookie, '/hang')).data;
    await runTask(cookie);
    const [d] = await until(
      () => deliveries(cookie, endpoint.id),
      (l) => l[0]?.attempts === 1 && l[0].lastError !== null,
    );
    expect(d).toMatchObject({ state: 'pending', lastStatus: null });
    expect(d!.lastError).toMatch(/timed out/);
    // Ended by the timeout (4 s here), not before it.
    expect(d!.durationMs).toBeGreaterThanOrEqual(3_990);
  });

  it('do not follow a redirect, to 127.0.0.1 or anywhere', async () => {
    behaviours.set('/redirect', (res) => {
      res.writeHead(302, { location: `${base}/target` });
      res.end();
    });
    const { cookie } = await seedUser(t);
    const { endpoint } = (await addEndpoint(cookie, '/redirect')).data;
    await runTask(cookie);
    const [d] = await until(
      () => deliveries(cookie, endpoint.id),
      (l) => l[0]?.attempts === 1 && l[0].lastError !== null,
    );
    expect(d).toMatchObject({ state: 'pending', lastStatus: 302, lastError: 'HTTP 302' });
    expect(hits.get('/target')).toBeUndefined();
  });
});

describe('100 endpoints failing at once', () => {
  it('never hold up generation: tasks keep starting and finishing', async () => {
    behaviours.set('/down', (res) => {
      res.statusCode = 500;
      res.end();
    });
    behaviours.set('/stuck', () => {});
    const users = [];
    for (let i = 0; i < 10; i += 1) users.push(await seedUser(t));
    for (const user of users) {
      for (let i = 0; i < 10; i += 1) {
        const path = i % 2 ? '/down' : '/stuck';
        expect((await addEndpoint(user.cookie, path, ['task.started', 'task.completed'])).status).toBe(200);
      }
    }
    // Ten preview tasks finish while 200 deliveries hang or fail (each endpoint holds at most two
    // attempts at once, so the hung ones cannot take every slot of the process).
    const tasks = await Promise.all(users.map((u) => runTask(u.cookie)));
    expect(tasks.every((task) => task.state === 'complete')).toBe(true);
    const more = await runTask(users[0]!.cookie);
    expect(more.state).toBe('complete');
  });
});
