import {
  API_SCOPES,
  ERRORS,
  V1_BASE_PATH,
  V1_COMMON_ERRORS,
  V1_IDEMPOTENCY_ERRORS,
  v1Error,
  v1Routes,
  webhookPayload,
  type V1RouteDef,
} from '@turing/contract';
import { z } from 'zod';

const schemaOf = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return rest;
};

/** `/tasks/:id` → `/tasks/{id}`, as OpenAPI writes path parameters. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

function parameters(def: V1RouteDef) {
  const out: Record<string, unknown>[] = [];
  for (const [where, schema] of [
    ['path', def.params],
    ['query', def.query],
  ] as const) {
    if (!schema) continue;
    const json = schemaOf(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, prop] of Object.entries(json.properties ?? {})) {
      out.push({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema: prop });
    }
  }
  if (def.method === 'POST' && def.idempotency !== 'none') {
    out.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: def.idempotency === 'required',
      description:
        'Any unique string of 1 to 255 visible ASCII characters (a UUID is usual). The same key with the same request within 24 hours returns the first answer (with `Idempotent-Replayed: true`) and does the work once; with a different request, 422; while the first is still being answered, 409.',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    });
  }
  return out;
}

function errorText(def: V1RouteDef) {
  const codes = [
    ...new Set([...def.errors, ...(def.idempotency === 'none' ? [] : V1_IDEMPOTENCY_ERRORS), ...V1_COMMON_ERRORS]),
  ];
  return codes.map((code) => `\`${code}\` (${ERRORS[code].http}): ${ERRORS[code].en}`).join('\n\n');
}

const rateHeaders = {
  'RateLimit-Limit': { description: 'Requests allowed per window for this key', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in this window', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window resets', schema: { type: 'integer' } },
};

function operation(name: string, def: V1RouteDef) {
  const success: Record<string, unknown> = { description: def.summary, headers: rateHeaders };
  if (def.stream) success.content = { 'text/event-stream': { schema: { type: 'string' } } };
  else if (def.response) success.content = { 'application/json': { schema: schemaOf(def.response, 'output') } };
  const body = def.multipart
    ? {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: [def.multipart.field],
              properties: {
                [def.multipart.field]: { type: 'string', format: 'binary', description: def.multipart.description },
              },
            },
          },
        },
      }
    : def.body
      ? { required: true, content: { 'application/json': { schema: schemaOf(def.body, 'input') } } }
      : undefined;
  return {
    operationId: name,
    summary: def.summary,
    description: `Needs the key scope \`${def.scope}\`.\n\nErrors:\n\n${errorText(def)}`,
    tags: [def.path.split('/')[1] ?? 'api'],
    security: [{ apiKey: [] }],
    parameters: parameters(def),
    ...(body ? { requestBody: body } : {}),
    responses: {
      [def.status]: success,
      '4XX': {
        description: 'Refused: see `error.code`',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
      '429': {
        description: 'Rate limited: retry after `Retry-After` seconds',
        headers: { 'Retry-After': { schema: { type: 'integer' } }, ...rateHeaders },
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
      '5XX': {
        description: 'Server error',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    },
  };
}

/** The OpenAPI 3.1 document of /turing/v1 alone, built from the contract's route table. */
export function v1OpenApi(opts: { version: string; serverUrl: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, def] of Object.entries(v1Routes) as [string, V1RouteDef][]) {
    const path = openApiPath(def.path);
    paths[path] ??= {};
    paths[path][def.method.toLowerCase()] = operation(name, def);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Turing Design API',
      version: opts.version,
      description:
        "Render design images from scripts and plugins. Authenticate with a personal API key (`Authorization: Bearer td_live_…`, made in the app under User centre → API keys); a key acts as its user within its scopes and spends that user's cubes. Errors are `{ error: { code, message, details? }, requestId }` with real HTTP statuses. Task events can be pushed to your server as Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`).",
    },
    servers: [{ url: `${opts.serverUrl}${V1_BASE_PATH}` }],
    paths,
    webhooks: {
      taskEvent: {
        post: {
          summary: 'A task event (task.queued, task.started, task.completed, task.failed, task.cancelled)',
          requestBody: { content: { 'application/json': { schema: schemaOf(webhookPayload, 'output') } } },
          responses: { '200': { description: 'Any 2xx acknowledges it; 410 switches the endpoint off' } },
        },
      },
    },
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: `A personal key (td_live_…). Scopes: ${API_SCOPES.join(', ')}.`,
        },
      },
      schemas: { Error: schemaOf(v1Error, 'output') },
    },
  };
}
