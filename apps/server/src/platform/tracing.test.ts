import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { SpanStatusCode, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appHeaders, buildTestApp, registerUser, type TestApp } from '../../test-support/test-app.ts';
import { buildGenerationApp, finished, getTask, until } from '../../test-support/design-helpers.ts';
import { envelopePlugin } from '../plugins/envelope.ts';
import { startWorkers } from '../workers.ts';
import { currentTraceParent, inSpan, startTracing, type Tracing } from './tracing.ts';

const PROMPT = 'a brick villa by a quiet lake';

/**
 * Tracing is the process's (OpenTelemetry's globals, and @fastify/otel's hook on every Fastify app
 * made meanwhile): it is started before the apps of this file are built, and taken down after, so
 * the next test file in this worker finds it off.
 */
let exporter: InMemorySpanExporter;
let tracing: Tracing;
beforeAll(async () => {
  exporter = new InMemorySpanExporter();
  tracing = await startTracing({
    endpoint: 'http://127.0.0.1:1',
    serviceName: 'turing-test',
    version: 'test',
    role: 'all',
    nodeId: 'test-node',
    exporter,
  });
});
afterAll(() => tracing.shutdown());

const submitTraced = (t: TestApp, cookie: string, traceparent?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/turing/design/task/submit',
    headers: { ...appHeaders(), cookie, ...(traceparent ? { traceparent } : {}) },
    payload: { mode: 'text', prompt: PROMPT },
  });

const spansOf = (taskId: string) => {
  const spans = exporter.getFinishedSpans();
  const named = (name: string) => spans.find((s) => s.name === name && s.attributes['turing.task.id'] === taskId);
  return { spans, submit: named('task submit'), run: named('task run'), engine: named('engine run') };
};
const parentOf = (span: ReadableSpan | undefined) => span?.parentSpanContext?.spanId;
const idOf = (span: ReadableSpan | undefined) => span?.spanContext().spanId;

/** The spans from `span` up to its trace's root, as this process recorded them. */
function ancestry(spans: ReadableSpan[], span: ReadableSpan) {
  const names = [span.name];
  for (let at = span; parentOf(at);) {
    const parent = spans.find((s) => idOf(s) === parentOf(at));
    if (!parent) break;
    names.push(parent.name);
    at = parent;
  }
  return names;
}

describe('a task traced from its submit to its engine call', () => {
  let t: Awaited<ReturnType<typeof buildGenerationApp>>;
  beforeAll(async () => {
    t = await buildGenerationApp();
  });
  afterAll(() => t.close());

  it('is one trace: request, submit, the run on the worker, the engine call, each the child of the one before', async () => {
    const { cookie, profile, email } = await registerUser(t);
    const task = (await submitTraced(t, cookie)).json().data;
    expect((await until(() => getTask(t, cookie, task.id), finished)).state).toBe('complete');
    const { spans, submit, run, engine } = await until(
      async () => spansOf(task.id),
      (found) => Boolean(found.engine && found.run),
    );
    expect(ancestry(spans, engine!)).toEqual([
      'engine run',
      'task run',
      'task submit',
      expect.stringMatching(/^handler/),
      'POST /turing/design/task/submit',
    ]);
    expect(new Set([submit, run, engine].map((s) => s!.spanContext().traceId)).size).toBe(1);
    expect(engine!.attributes).toMatchObject({
      'turing.engine': 'preview',
      'turing.mode': 'text',
      'turing.model': 'architecture',
      'turing.attempt': 1,
    });
    // Bounded facts only: no prompt, no owner, no session, no query string.
    const said = JSON.stringify(spans.map((s) => [s.name, s.attributes]));
    for (const secret of [PROMPT, profile.id, email!, cookie.split('=')[1]!]) expect(said).not.toContain(secret);
  });
});

describe('a task claimed from the queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("continues the submit's trace, carried with the task, and not the trace its caller claims", async () => {
    const { cookie } = await registerUser(t);
    // Any anonymous client may send a traceparent: followed, it would choose the trace id, and its
    // flags (00, not sampled) whether the request and the task's run on the worker are recorded.
    const caller = { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7' };
    const res = await submitTraced(t, cookie, `00-${caller.traceId}-${caller.spanId}-00`);
    const task = res.json().data;
    // No worker in this process: it waits in line, and the workers started now claim it from there
    // as another node's would, knowing it by its row alone.
    expect(task.state).toBe('queued');
    const [row] = await t.database.query<{ trace_parent: string }>('select trace_parent from tasks where id = $1', [
      task.id,
    ]);
    expect(row!.trace_parent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(row!.trace_parent).not.toContain(caller.traceId);
    const stop = await startWorkers(t.app.services!);
    try {
      expect((await until(() => getTask(t, cookie, task.id), finished)).state).toBe('complete');
      const { spans, submit, run, engine } = await until(
        async () => spansOf(task.id),
        (found) => Boolean(found.engine && found.run),
      );
      const traceId = submit!.spanContext().traceId;
      expect(traceId).not.toBe(caller.traceId);
      expect([run, engine].map((s) => s!.spanContext().traceId)).toEqual([traceId, traceId]);
      expect(parentOf(run)).toBe(idOf(submit));
      expect(parentOf(engine)).toBe(idOf(run));
      // The request is the root of that trace, with no parent from the caller.
      const request = spans.find(
        (s) => s.name === 'POST /turing/design/task/submit' && s.spanContext().traceId === traceId,
      );
      expect(ancestry(spans, engine!).at(-1)).toBe('POST /turing/design/task/submit');
      expect(request!.parentSpanContext).toBeUndefined();
    } finally {
      t.app.services!.lifecycle.drain();
      await stop();
    }
  });
});

describe('a request that fails in the database', () => {
  const SECRET = 'secret-prompt-of-user-4242';
  let t: TestApp;
  let app: ReturnType<typeof Fastify>;
  beforeAll(async () => {
    t = await buildTestApp();
    // Made while tracing is on, so @fastify/otel instruments it as it does the real app.
    app = Fastify();
    await app.register(envelopePlugin);
    app.get('/turing/test/orm-failure', async () => {
      await t.database.db.execute(sql`select ${SECRET}::int`);
      return {};
    });
    app.get('/turing/test/raw-failure', async () => {
      await t.database.query('select $1::uuid', [SECRET]);
      return {};
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it.each(['orm', 'raw'])(
    'sends spans that name the error by its code, never its message or parameters (%s query)',
    async (kind) => {
      const res = await app.inject({ method: 'GET', url: `/turing/test/${kind}-failure` });
      expect(res.statusCode).toBe(500);
      const request = exporter.getFinishedSpans().findLast((s) => s.name === `GET /turing/test/${kind}-failure`)!;
      const traceId = request.spanContext().traceId;
      const spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
      expect(spans.length).toBeGreaterThan(1);
      const sent = JSON.stringify(spans.map((s) => [s.name, s.status, s.attributes, s.events, s.links]));
      expect(sent).not.toContain(SECRET);
      expect(sent).not.toContain('Failed query');
      expect(request.status).toEqual({ code: SpanStatusCode.ERROR, message: '22P02' });
      expect(request.attributes['error.type']).toBe('22P02');
      for (const span of spans) expect(span.events.filter((e) => e.name === 'exception')).toEqual([]);
    },
  );
});

describe('an exception recorded by any other code', () => {
  it('leaves the process as its type alone, in its event and in its status', () => {
    const err = new Error('Failed query: select $1 params: secret-prompt-of-user-4242');
    trace.getTracer('another').startActiveSpan('recorded', (span) => {
      span.recordException(err);
      span.setStatus({ code: SpanStatusCode.ERROR, message: err.message });
      span.end();
    });
    const span = exporter.getFinishedSpans().findLast((s) => s.name === 'recorded')!;
    expect(JSON.stringify([span.status, span.attributes, span.events])).not.toContain('secret-prompt');
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: 'Error' });
    expect(span.events.map((e) => [e.name, e.attributes])).toEqual([['exception', { 'exception.type': 'Error' }]]);
  });
});

describe('tracing switched off', () => {
  const tracedApp = async () => {
    const app = Fastify();
    app.get('/', async (req) => ({ traced: 'opentelemetry' in req }));
    const traced = (await app.inject({ method: 'GET', url: '/' })).json().traced as boolean;
    await app.close();
    return traced;
  };

  it('carries nothing, runs the work as it is, and no longer hooks into new apps', async () => {
    expect(await tracedApp()).toBe(true);
    await tracing.shutdown();
    try {
      expect(currentTraceParent()).toBeNull();
      expect(await inSpan('nothing', {}, async () => 'done')).toBe('done');
      expect(await tracedApp()).toBe(false);
    } finally {
      tracing = await startTracing({
        endpoint: 'http://127.0.0.1:1',
        serviceName: 'turing-test',
        version: 'test',
        role: 'all',
        nodeId: 'test-node',
        exporter,
      });
    }
  });
});
