import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EngineError } from '../../engine.ts';
import { Aborted, request, retryAfterMs, type CallOptions, type GiveUp } from './provider-http.ts';
import { READ, SUBMIT, SYNCHRONOUS, type RetryRules } from './retry-rules.ts';

/** What the stand-in answers the next request with: a status, a reset after reading it, or silence. */
type Step = { status: number; headers?: Record<string, string> } | 'reset' | 'hang';

const script: Step[] = [];
const arrivals: number[] = [];
const sockets = new Set<Socket>();
let url = '';
let server: http.Server;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrivals.push(Date.now());
      const step = script.shift() ?? { status: 200 };
      if (step === 'hang') return;
      if (step === 'reset') return req.socket.destroy();
      res.writeHead(step.status, { 'content-type': 'application/json', ...step.headers });
      res.end(JSON.stringify({ status: step.status }));
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  script.length = 0;
  arrivals.length = 0;
});

const ended: GiveUp[] = [];
function send(rules: RetryRules, over: Partial<CallOptions<number>> = {}, signal = new AbortController().signal) {
  return request(
    url,
    { method: 'POST', body: '{}' },
    {
      rules,
      limits: { signal, deadline: Date.now() + 5_000, attemptMs: 1_000 },
      backoff: { firstMs: 5, maxMs: 20 },
      read: async (res) => (await res.text(), res.status),
      giveUp: (end) => (ended.push(end), new EngineError('unavailable', end.reason)),
      ...over,
    },
  );
}
const failure = (p: Promise<unknown>) => p.then(() => null).catch((e: unknown) => e as Error & { message: string });

describe('the provider HTTP layer', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3_000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:02 GMT', now)).toBe(2_000);
    expect(retryAfterMs('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });

  it('never sends a submission again once it may have arrived: a reset, a 500, a timeout', async () => {
    script.push('reset');
    expect(await failure(send(SUBMIT))).toMatchObject({ message: 'unsafe' });
    expect(arrivals).toHaveLength(1);
    script.push({ status: 500 });
    expect(await send(SUBMIT)).toBe(500);
    script.push('hang');
    expect(
      await failure(
        send(SUBMIT, {
          limits: { signal: new AbortController().signal, deadline: Date.now() + 5_000, attemptMs: 100 },
        }),
      ),
    ).toMatchObject({ message: 'unsafe' });
    expect(arrivals).toHaveLength(3);
  });

  it('sends a submission again after a 429 or a gateway error, and reads or polls again after any fault', async () => {
    script.push({ status: 429 }, { status: 503 }, { status: 502 });
    expect(await send(SUBMIT)).toBe(200);
    expect(arrivals).toHaveLength(4);
    script.push('reset', { status: 500 }, { status: 429 });
    expect(await send(READ)).toBe(200);
    expect(arrivals).toHaveLength(8);
  });

  it('sends a submission again when no connection was made', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    ended.length = 0;
    const error = await failure(
      request(
        `http://127.0.0.1:${port}/`,
        { method: 'POST' },
        {
          rules: SUBMIT,
          limits: { signal: new AbortController().signal, deadline: Date.now() + 300, attemptMs: 1_000 },
          backoff: { firstMs: 5, maxMs: 20 },
          read: async () => 0,
          giveUp: (end) => (ended.push(end), new EngineError('unavailable', end.reason)),
        },
      ),
    );
    expect(error).toMatchObject({ message: 'wait' });
    expect(ended[0]!.tries).toBeGreaterThan(1);
    expect(ended[0]!.failure).toMatchObject({ type: 'fault', code: 'ECONNREFUSED', sent: false });
  });

  it('waits a 429 out for its Retry-After, without spending a bounded retry', async () => {
    script.push({ status: 429, headers: { 'retry-after': '1' } }, { status: 500 }, { status: 500 });
    expect(await send(SYNCHRONOUS, { retries: 2 })).toBe(200);
    expect(arrivals).toHaveLength(4);
    expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(950);
  });

  it('gives up at once when the wait asked for ends past the deadline, and after its bounded retries', async () => {
    script.push({ status: 429, headers: { 'retry-after': '3600' } });
    expect(await failure(send(SUBMIT))).toMatchObject({ message: 'wait' });
    expect(arrivals).toHaveLength(1);
    script.push({ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 });
    expect(await failure(send(SYNCHRONOUS, { retries: 2 }))).toMatchObject({ message: 'retries' });
    expect(arrivals).toHaveLength(4);
  });

  it('bounds an attempt by the deadline when it has no limit of its own', async () => {
    script.push('hang');
    const signal = new AbortController().signal;
    const error = await failure(send(SYNCHRONOUS, { limits: { signal, deadline: Date.now() + 300 } }));
    expect(error).toMatchObject({ message: 'time' });
  });

  it('ends at once when the caller aborts, in a request or in a wait', async () => {
    const controller = new AbortController();
    script.push('hang');
    const hung = failure(send(READ, {}, controller.signal));
    setTimeout(() => controller.abort('cancel'), 50);
    expect(await hung).toBeInstanceOf(Aborted);
    const again = new AbortController();
    script.push({ status: 429, headers: { 'retry-after': '30' } });
    const started = Date.now();
    const waiting = failure(
      send(READ, { limits: { signal: again.signal, deadline: Date.now() + 60_000 } }, again.signal),
    );
    setTimeout(() => again.abort('cancel'), 100);
    expect(await waiting).toBeInstanceOf(Aborted);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
