import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError, createClient } from './index.ts';
import {
  apiError,
  fakeFetch,
  fakeTask,
  json,
  recordingSleep,
  scripted,
  sse,
  taskEvent,
} from '../test-support/fake-fetch.ts';

const KEY = 'td_live_test';
const make = (fetch: ReturnType<typeof fakeFetch>['fetch'], sleep = recordingSleep().sleep) =>
  createClient({ baseUrl: 'https://design.example.com/', apiKey: KEY, fetch, sleep });

describe('calls', () => {
  it('sends the key as a bearer token to /turing/v1 and returns the resource', async () => {
    const account = { userId: 'u1', cubes: 40, debtCubes: 0, planUntil: null, activeTasks: 0, activeTasksMax: 4 };
    const f = scripted(json(200, account));
    expect(await make(f.fetch).account()).toEqual(account);
    expect(f.calls[0]!.url.toString()).toBe('https://design.example.com/turing/v1/account');
    expect(f.calls[0]!.headers.get('authorization')).toBe(`Bearer ${KEY}`);
  });

  it('accepts a base URL that already ends with /turing/v1, and encodes list filters as the query', async () => {
    const f = scripted(json(200, { items: [], nextCursor: null }));
    const client = createClient({ baseUrl: 'http://127.0.0.1:9/turing/v1', apiKey: KEY, fetch: f.fetch });
    await client.listTasks({ state: 'complete', limit: 5 });
    expect(f.calls[0]!.url.toString()).toBe('http://127.0.0.1:9/turing/v1/tasks?state=complete&limit=5');
  });

  it('turns the error shape into an ApiError with code, message, status and request id', async () => {
    const f = scripted(apiError(402, 'INSUFFICIENT_BALANCE'));
    const err = await make(f.fetch)
      .submitTask({ mode: 'text', prompt: 'x' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      message: 'INSUFFICIENT_BALANCE message',
      status: 402,
      requestId: 'req-1',
    });
  });

  it('names an answer that is not the error shape by its status', async () => {
    const f = scripted(new Response('<html>Bad gateway</html>', { status: 404, statusText: 'Not Found' }));
    await expect(make(f.fetch).getTask('t1')).rejects.toMatchObject({ code: 'HTTP_404', status: 404 });
  });

  it('deletes with DELETE and resolves to nothing on 204', async () => {
    const f = scripted(new Response(null, { status: 204 }));
    await expect(make(f.fetch).deleteWebhook('w1')).resolves.toBeUndefined();
    expect(f.calls[0]).toMatchObject({ method: 'DELETE' });
    expect(f.calls[0]!.url.pathname).toBe('/turing/v1/webhooks/w1');
  });
});

describe('retries', () => {
  it('waits out a 429 for its Retry-After and then succeeds', async () => {
    const rec = recordingSleep();
    const f = scripted(
      apiError(429, 'RATE_LIMITED', { 'retry-after': '3', 'ratelimit-remaining': '0' }),
      json(200, { items: [] }),
    );
    expect(await make(f.fetch, rec.sleep).models()).toEqual({ items: [] });
    expect(rec.waits).toEqual([3000]);
    expect(f.calls).toHaveLength(2);
  });

  it('gives the 429 to the caller, with retryAfter, once the retries are spent', async () => {
    const f = fakeFetch(() => apiError(429, 'RATE_LIMITED', { 'retry-after': '1' }));
    const client = createClient({
      baseUrl: 'http://x',
      apiKey: KEY,
      fetch: f.fetch,
      sleep: recordingSleep().sleep,
      retry: { retries: 2 },
    });
    await expect(client.account()).rejects.toMatchObject({ code: 'RATE_LIMITED', status: 429, retryAfter: 1 });
    expect(f.calls).toHaveLength(3);
  });

  it('does not retry TOO_MANY_TASKS by itself: it lasts until a task ends', async () => {
    const f = fakeFetch(() => apiError(429, 'TOO_MANY_TASKS'));
    await expect(make(f.fetch).submitTask({ mode: 'text', prompt: 'x' })).rejects.toMatchObject({
      code: 'TOO_MANY_TASKS',
    });
    expect(f.calls).toHaveLength(1);
  });

  it('sends a submit again after a dropped connection and a 503 with the same Idempotency-Key', async () => {
    const created = { ...fakeTask(), webhook: null };
    const f = scripted(
      new TypeError('fetch failed'),
      apiError(503, 'UNAVAILABLE'),
      json(202, created, { 'idempotent-replayed': 'true' }),
    );
    const client = make(f.fetch);
    expect(await client.submitTask({ mode: 'text', prompt: 'a house' })).toEqual(created);
    const keys = f.calls.map((c) => c.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
    expect(JSON.parse(String(f.calls[2]!.body))).toEqual({ mode: 'text', prompt: 'a house' });

    // The next submit is another logical request: a new key.
    const g = scripted(json(202, created));
    await make(g.fetch).submitTask({ mode: 'text', prompt: 'a house' });
    expect(g.calls[0]!.headers.get('idempotency-key')).not.toBe(keys[0]);
  });

  it('uses the caller’s own Idempotency-Key when given, and waits while the first request is in flight', async () => {
    const f = scripted(apiError(409, 'IDEMPOTENCY_KEY_IN_FLIGHT'), json(202, { ...fakeTask(), webhook: null }));
    await make(f.fetch).submitTask({ mode: 'text', prompt: 'x' }, { idempotencyKey: 'batch-7' });
    expect(f.calls.map((c) => c.headers.get('idempotency-key'))).toEqual(['batch-7', 'batch-7']);
  });

  it('does not resend a refused body (422 IDEMPOTENCY_KEY_REUSED, 400)', async () => {
    const f = scripted(apiError(422, 'IDEMPOTENCY_KEY_REUSED'));
    await expect(make(f.fetch).submitTask({ mode: 'text', prompt: 'x' })).rejects.toMatchObject({ status: 422 });
    expect(f.calls).toHaveLength(1);
  });

  it('retries reads on 5xx but reports a network failure as NETWORK_ERROR in the end', async () => {
    const f = fakeFetch(() => new TypeError('fetch failed'));
    const client = createClient({
      baseUrl: 'http://x',
      apiKey: KEY,
      fetch: f.fetch,
      sleep: recordingSleep().sleep,
      retry: { retries: 1 },
    });
    await expect(client.getTask('t')).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
    expect(f.calls).toHaveLength(2);
  });
});

describe('upload and download', () => {
  it('uploads a file from its path as multipart field "file" with the kind in the query', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turing-client-'));
    const file = path.join(dir, 'sketch.png');
    fs.writeFileSync(file, Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
    const uploaded = { id: 'img1', kind: 'base', url: '/files/a.png', thumbUrl: null, width: 1, height: 1, bytes: 7 };
    const f = scripted(json(201, uploaded));
    expect(await make(f.fetch).upload(file)).toEqual(uploaded);
    const call = f.calls[0]!;
    expect(call.url.search).toBe('?kind=base');
    const sent = (call.body as FormData).get('file') as File;
    expect(sent.name).toBe('sketch.png');
    expect(sent.type).toBe('image/png');
    expect(sent.size).toBe(7);
  });

  it('writes results as <prefix>-<n> resolved against the base URL, without sending the key', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turing-client-'));
    const f = fakeFetch((req) =>
      req.url.pathname.endsWith('.jpg')
        ? new Response(new Uint8Array([1, 2]), { headers: { 'content-type': 'image/jpeg' } })
        : new Response(new Uint8Array([3]), { headers: { 'content-type': 'image/png' } }),
    );
    const result = (url: string) => ({ id: url, url, thumbUrl: url, width: 1, height: 1, seed: 1 });
    const task = fakeTask({
      state: 'complete',
      results: [result('/files/r/1.png?sig=a'), result('https://cdn.example.com/2.jpg')],
    });
    const files = await make(f.fetch).download(task, path.join(dir, 'out'), { prefix: 'villa' });
    expect(files.map((p) => path.basename(p))).toEqual(['villa-1.png', 'villa-2.jpg']);
    expect(fs.readFileSync(files[1]!)).toEqual(Buffer.from([1, 2]));
    expect(f.calls[0]!.url.toString()).toBe('https://design.example.com/files/r/1.png?sig=a');
    expect(f.calls.every((c) => !c.headers.has('authorization'))).toBe(true);
  });

  it('never writes outside the folder or over a file already there', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turing-client-'));
    const out = path.join(dir, 'out');
    fs.mkdirSync(out);
    fs.writeFileSync(path.join(out, 'escape-1.png'), 'kept');
    const f = fakeFetch(() => new Response(new Uint8Array([9]), { headers: { 'content-type': 'image/png' } }));
    const result = { id: 'r', url: '/files/r.png', thumbUrl: '/files/r.png', width: 1, height: 1, seed: 1 };
    const hostile = fakeTask({ id: '../../escape', state: 'complete', results: [result] });
    const files = await make(f.fetch).download(hostile, out);
    expect(files.map((p) => path.relative(out, p))).toEqual(['escape-1-2.png']);
    expect(fs.readFileSync(path.join(out, 'escape-1.png'), 'utf8')).toBe('kept');
    expect(fs.readdirSync(dir)).toEqual(['out']);
  });
});

describe('waitForTask', () => {
  const queued = fakeTask({ seq: 1, state: 'queued' });
  const running = fakeTask({ seq: 2, state: 'generating', progress: 40 });
  const done = fakeTask({ seq: 3, state: 'complete', progress: 100 });

  it('follows the event stream, split at any byte, ignores stale events and stops at the final state', async () => {
    const text = taskEvent(queued) + ': keep-alive\n\n' + taskEvent(running) + taskEvent(queued) + taskEvent(done);
    const bytes = new TextEncoder().encode(text.replaceAll('a house', 'a 房子'));
    const pieces = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) => bytes.slice(i * 7, i * 7 + 7));
    const f = scripted(sse(pieces));
    const seen: number[] = [];
    const final = await make(f.fetch).waitForTask(done.id, { onProgress: (t) => seen.push(t.seq) });
    expect(final.state).toBe('complete');
    expect(final.promptOriginal).toBe('a 房子');
    expect(seen).toEqual([1, 2, 3]);
    expect(f.calls[0]!.headers.get('accept')).toBe('text/event-stream');
  });

  it('opens the stream again after it ends early, from the last seq', async () => {
    const f = scripted(sse([taskEvent(queued)]), sse([taskEvent(done)]));
    expect((await make(f.fetch).waitForTask(done.id)).state).toBe('complete');
    expect(f.calls[1]!.headers.get('last-event-id')).toBe('1');
  });

  it('falls back to polling when the stream breaks or is not offered', async () => {
    const rec = recordingSleep();
    const f = fakeFetch((req, n) => {
      if (req.url.pathname.endsWith('/events'))
        return n === 0 ? sse([taskEvent(queued)], { thenFail: true }) : json(200, {});
      return json(200, n < 3 ? running : done);
    });
    const seen: string[] = [];
    const final = await make(f.fetch, rec.sleep).waitForTask(done.id, {
      onProgress: (t) => seen.push(t.state),
      pollIntervalMs: 250,
    });
    expect(final.state).toBe('complete');
    expect(seen).toEqual(['queued', 'generating', 'complete']);
    expect(rec.waits).toContain(250);
  });

  it('polls a proxy that answers the stream with a page of its own', async () => {
    const f = fakeFetch((req) =>
      req.url.pathname.endsWith('/events')
        ? new Response('<html></html>', { headers: { 'content-type': 'text/html' } })
        : json(200, done),
    );
    expect((await make(f.fetch).waitForTask(done.id)).state).toBe('complete');
  });

  it('passes on a refusal of the stream (unknown task) instead of polling it', async () => {
    const f = scripted(apiError(404, 'TASK_NOT_FOUND'));
    await expect(make(f.fetch).waitForTask('nope')).rejects.toMatchObject({ code: 'TASK_NOT_FOUND' });
    expect(f.calls).toHaveLength(1);
  });

  it('stops when its signal aborts', async () => {
    const controller = new AbortController();
    const f = fakeFetch(() => json(200, running));
    const client = createClient({ baseUrl: 'http://x', apiKey: KEY, fetch: f.fetch });
    const waiting = client.waitForTask('t', { via: 'poll', signal: controller.signal, pollIntervalMs: 60_000 });
    setTimeout(() => controller.abort(new Error('stopped')), 20);
    await expect(waiting).rejects.toThrow('stopped');
  });
});
