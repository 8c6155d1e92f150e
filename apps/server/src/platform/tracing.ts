// Only types of OpenTelemetry at the top: a process without OTEL_EXPORTER_OTLP_ENDPOINT never loads
// it. startTracing() imports the SDK, the exporter and @fastify/otel when it runs.
import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance } from 'fastify';
import type * as OtelApi from '@opentelemetry/api';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-node';
import { loggableError } from '../db/errors.ts';

/** What spans may carry: a few short, bounded facts (never a prompt, an e-mail or a user id). */
export type SpanAttributes = Record<string, string | number | boolean | undefined>;

/** The part of a span the traced code writes to (a no-op one when tracing is off). */
export interface SpanNote {
  setAttribute(key: string, value: string | number | boolean): void;
}

interface ActiveTracing {
  api: typeof OtelApi;
  tracer: OtelApi.Tracer;
  /** W3C trace context, for the traceparent a task carries (never the process's global propagator). */
  taskContext: OtelApi.TextMapPropagator;
}

/**
 * Tracing belongs to the process (OpenTelemetry's provider, context manager and propagator are
 * global by design, and so is the hook @fastify/otel puts on every Fastify app made after it):
 * null until startTracing() runs, and again after its shutdown.
 */
let active: ActiveTracing | null = null;

const NO_SPAN: SpanNote = { setAttribute: () => {} };

export interface TracingOptions {
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base address (OTLP over HTTP); spans go to `/v1/traces`. */
  endpoint: string;
  /** OTEL_SERVICE_NAME. */
  serviceName: string;
  version: string;
  /** ROLE and NODE_ID: which kind of node, and which one, made a span. */
  role: string;
  nodeId: string;
  /** Spans go here instead, each as it ends (tests read them back). */
  exporter?: SpanExporter;
}

export interface Tracing {
  /** Sends what is still buffered and takes every global hook down again. */
  shutdown(): Promise<void>;
}

/**
 * What a span may say of a failure: an engine error's kind, else the error's code (a database
 * error's SQLSTATE, an AppError's code, a system error's), else its name. Never its message: a
 * failed query's message lists its parameters, and engine messages may quote what the user asked for.
 */
function errorType(err: unknown): string {
  const safe = loggableError(err);
  const { kind, code } = (safe ?? {}) as { kind?: unknown; code?: unknown };
  if (typeof kind === 'string') return kind;
  if (typeof code === 'string' && code) return code;
  return safe instanceof Error ? safe.name : typeof safe;
}

/**
 * A span as it may leave the process: a failure told by its type alone. The status message becomes
 * the span's `error.type` (or the type of the exception recorded on it), and an exception event
 * keeps only its type, whatever code set them (instrumentations write the error's message and
 * stack there).
 */
function redacted(span: ReadableSpan): ReadableSpan {
  const isException = (event: { name: string }) => event.name === 'exception';
  if (span.status.message === undefined && !span.events.some(isException)) return span;
  const typeIn = (attributes: OtelApi.Attributes | undefined, key: string) => {
    const value = attributes?.[key];
    return typeof value === 'string' ? value : undefined;
  };
  const events = span.events.map((event) => {
    if (!isException(event)) return event;
    const type = typeIn(event.attributes, 'exception.type');
    return { time: event.time, name: event.name, attributes: type === undefined ? {} : { 'exception.type': type } };
  });
  const type =
    typeIn(span.attributes, 'error.type') ?? typeIn(events.findLast(isException)?.attributes, 'exception.type');
  return {
    name: span.name,
    kind: span.kind,
    spanContext: () => span.spanContext(),
    parentSpanContext: span.parentSpanContext,
    startTime: span.startTime,
    endTime: span.endTime,
    status: { code: span.status.code, ...(type === undefined ? {} : { message: type }) },
    attributes: span.attributes,
    links: span.links,
    events,
    duration: span.duration,
    ended: span.ended,
    resource: span.resource,
    instrumentationScope: span.instrumentationScope,
    droppedAttributesCount: span.droppedAttributesCount,
    droppedEventsCount: span.droppedEventsCount,
    droppedLinksCount: span.droppedLinksCount,
  };
}

/** The exporter behind every span processor: whatever reaches it is sent redacted. */
const redacting = (exporter: SpanExporter): SpanExporter => ({
  export: (spans, done) => exporter.export(spans.map(redacted), done),
  shutdown: () => exporter.shutdown(),
  forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
});

/**
 * @fastify/otel marks a failed request's span with the error's message; this hook, put on every
 * Fastify app made while tracing is on, names the error's type on that span, and the exporter
 * sends that type as the status instead of the message.
 */
function noteRequestErrors(message: unknown) {
  const { fastify } = message as { fastify: FastifyInstance };
  fastify.addHook('onError', async (request, _reply, error) => {
    request.opentelemetry?.().span?.setAttribute('error.type', errorType(error));
  });
}

/**
 * Starts tracing for this process: an OTLP exporter behind a batching processor, and
 * @fastify/otel registered on every Fastify app made from now on (so call it before the apps are
 * built). Each request is a span named by its route, the root of a trace of its own: an incoming
 * `traceparent` is not followed, so an anonymous caller can neither pick trace ids nor decide
 * whether its requests, and the tasks they submit, are sampled. A task's spans follow it from the
 * submit through the worker that runs it to its engine call, by the traceparent the server itself
 * stored with the task.
 */
export async function startTracing(opts: TracingOptions): Promise<Tracing> {
  if (active) throw new Error('tracing is already started in this process');
  const api = await import('@opentelemetry/api');
  const { NodeTracerProvider, BatchSpanProcessor, SimpleSpanProcessor } = await import('@opentelemetry/sdk-trace-node');
  const { resourceFromAttributes } = await import('@opentelemetry/resources');
  const { W3CTraceContextPropagator } = await import('@opentelemetry/core');
  const { FastifyOtelInstrumentation } = await import('@fastify/otel');
  const exporter = redacting(
    opts.exporter ??
      new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter({
        url: `${opts.endpoint.replace(/\/+$/, '')}/v1/traces`,
      }),
  );
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      'service.name': opts.serviceName,
      'service.version': opts.version,
      'service.instance.id': opts.nodeId,
      'turing.role': opts.role,
    }),
    spanProcessors: [opts.exporter ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter)],
  });
  // The AsyncLocalStorage context manager as a global, and no global propagator: @fastify/otel
  // extracts an incoming request's context through the global one, which is left as the API's
  // no-op (its extract changes nothing), so every request starts a trace here.
  provider.register({ propagator: null });
  const fastify = new FastifyOtelInstrumentation({
    registerOnInitialization: true,
    // A span per request and one for its handler; a span per hook would multiply them for little.
    instrumentHooks: false,
    // An exception event would hold the error's message and stack: a failed query's parameters.
    recordExceptions: false,
    // Load balancers ask every few seconds: their probes would bury the requests worth reading.
    ignorePaths: ({ url }) => url.startsWith('/turing/health'),
    requestHook: (span, request) => {
      // By route, never by URL: URLs carry ids, and query strings signatures and one-time codes.
      span.updateName(`${request.method} ${request.routeOptions.url ?? '(unmatched)'}`);
      span.setAttribute('url.path', request.url.split('?')[0]!);
    },
  });
  fastify.setTracerProvider(provider);
  diagnostics.subscribe('fastify.initialization', noteRequestErrors);
  active = {
    api,
    tracer: provider.getTracer('turing-design', opts.version),
    taskContext: new W3CTraceContextPropagator(),
  };
  return {
    async shutdown() {
      active = null;
      diagnostics.unsubscribe('fastify.initialization', noteRequestErrors);
      fastify.disable();
      await provider.shutdown();
      api.trace.disable();
      api.context.disable();
      api.propagation.disable();
    },
  };
}

/**
 * The W3C `traceparent` of the span running now, to be carried with a task so its run continues
 * the trace on whichever node claims it; null when tracing is off or no span is running.
 */
export function currentTraceParent(): string | null {
  if (!active) return null;
  const { api, taskContext } = active;
  const carrier: Record<string, string> = {};
  taskContext.inject(api.context.active(), carrier, api.defaultTextMapSetter);
  return carrier.traceparent ?? null;
}

/**
 * Runs `work` inside a span named `name` (when tracing is on; directly otherwise). Its parent is
 * the span running now; given `parent` (a carried `traceparent`), the span that sent it instead,
 * and given null, none: work that arrives from a queue starts a trace of its own rather than join
 * whatever happened to be running when it was picked up. A failure marks the span failed with the
 * error's type only (errorType).
 */
export async function inSpan<T>(
  name: string,
  attributes: SpanAttributes,
  work: (span: SpanNote) => Promise<T>,
  parent?: string | null,
): Promise<T> {
  if (!active) return work(NO_SPAN);
  const { api, tracer, taskContext } = active;
  const context =
    parent === undefined
      ? api.context.active()
      : taskContext.extract(api.ROOT_CONTEXT, parent ? { traceparent: parent } : {}, api.defaultTextMapGetter);
  const defined = Object.fromEntries(
    Object.entries(attributes).filter(([, v]) => v !== undefined),
  ) as OtelApi.Attributes;
  return tracer.startActiveSpan(name, { attributes: defined }, context, async (span) => {
    try {
      return await work(span);
    } catch (err) {
      const type = errorType(err);
      span.setAttribute('error.type', type);
      span.setStatus({ code: api.SpanStatusCode.ERROR, message: type });
      throw err;
    } finally {
      span.end();
    }
  });
}
