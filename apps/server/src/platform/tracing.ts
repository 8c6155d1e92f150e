// Only types at the top: a process without OTEL_EXPORTER_OTLP_ENDPOINT never loads OpenTelemetry.
// startTracing() imports the SDK, the exporter and @fastify/otel when it runs.
import type * as OtelApi from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-node';

/** What spans may carry: a few short, bounded facts (never a prompt, an e-mail or a user id). */
export type SpanAttributes = Record<string, string | number | boolean | undefined>;

/** The part of a span the traced code writes to (a no-op one when tracing is off). */
export interface SpanNote {
  setAttribute(key: string, value: string | number | boolean): void;
}

interface ActiveTracing {
  api: typeof OtelApi;
  tracer: OtelApi.Tracer;
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
 * Starts tracing for this process: an OTLP exporter behind a batching processor, W3C trace
 * context as the propagator, and @fastify/otel registered on every Fastify app made from now on
 * (so call it before the apps are built). Each request is a span named by its route; a task's
 * spans follow it from the submit through the worker that runs it to its engine call.
 */
export async function startTracing(opts: TracingOptions): Promise<Tracing> {
  if (active) throw new Error('tracing is already started in this process');
  const api = await import('@opentelemetry/api');
  const { NodeTracerProvider, BatchSpanProcessor, SimpleSpanProcessor } = await import('@opentelemetry/sdk-trace-node');
  const { resourceFromAttributes } = await import('@opentelemetry/resources');
  const { FastifyOtelInstrumentation } = await import('@fastify/otel');
  const exporter =
    opts.exporter ??
    new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter({
      url: `${opts.endpoint.replace(/\/+$/, '')}/v1/traces`,
    });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      'service.name': opts.serviceName,
      'service.version': opts.version,
      'service.instance.id': opts.nodeId,
      'turing.role': opts.role,
    }),
    spanProcessors: [opts.exporter ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter)],
  });
  // The AsyncLocalStorage context manager and the W3C traceparent propagator, as globals.
  provider.register();
  const fastify = new FastifyOtelInstrumentation({
    registerOnInitialization: true,
    // A span per request and one for its handler; a span per hook would multiply them for little.
    instrumentHooks: false,
    // Load balancers ask every few seconds: their probes would bury the requests worth reading.
    ignorePaths: ({ url }) => url.startsWith('/turing/health'),
    requestHook: (span, request) => {
      // By route, never by URL: URLs carry ids, and query strings signatures and one-time codes.
      span.updateName(`${request.method} ${request.routeOptions.url ?? '(unmatched)'}`);
      span.setAttribute('url.path', request.url.split('?')[0]!);
    },
  });
  fastify.setTracerProvider(provider);
  active = { api, tracer: provider.getTracer('turing-design', opts.version) };
  return {
    async shutdown() {
      active = null;
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
  const carrier: Record<string, string> = {};
  active.api.propagation.inject(active.api.context.active(), carrier);
  return carrier.traceparent ?? null;
}

/**
 * Runs `work` inside a span named `name` (when tracing is on; directly otherwise). Its parent is
 * the span running now; given `parent` (a carried `traceparent`), the span that sent it instead,
 * and given null, none: work that arrives from a queue starts a trace of its own rather than join
 * whatever happened to be running when it was picked up. A failure marks the span failed with the
 * error's kind or name only: engine messages may quote what the user asked for.
 */
export async function inSpan<T>(
  name: string,
  attributes: SpanAttributes,
  work: (span: SpanNote) => Promise<T>,
  parent?: string | null,
): Promise<T> {
  if (!active) return work(NO_SPAN);
  const { api, tracer } = active;
  const context =
    parent === undefined
      ? api.context.active()
      : api.propagation.extract(api.ROOT_CONTEXT, parent ? { traceparent: parent } : {});
  const defined = Object.fromEntries(
    Object.entries(attributes).filter(([, v]) => v !== undefined),
  ) as OtelApi.Attributes;
  return tracer.startActiveSpan(name, { attributes: defined }, context, async (span) => {
    try {
      return await work(span);
    } catch (err) {
      const kind = (err as { kind?: unknown }).kind;
      const type = typeof kind === 'string' ? kind : err instanceof Error ? err.name : typeof err;
      span.setAttribute('error.type', type);
      span.setStatus({ code: api.SpanStatusCode.ERROR, message: type });
      throw err;
    } finally {
      span.end();
    }
  });
}
