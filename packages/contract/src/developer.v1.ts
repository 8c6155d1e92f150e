import { z } from 'zod';
import { workCard } from './community.ts';
import { modelInfo } from './design.catalogue.ts';
import { TASK_STATES } from './design.constants.ts';
import { task, taskParams } from './design.tasks.ts';
import { API_V1_PREFIX } from './developer.endpoints.ts';
import { WEBHOOK_EVENTS, webhookCreateBody, webhookEndpoint, type ApiScope } from './developer.ts';
import type { ErrorCode } from './errors.ts';
import { INVALID_CHAR, isStorableText } from './fields.ts';
import { page, pageQuery } from './paging.ts';
import type { HttpMethod } from './route.ts';
import { uploadedImage, type UploadKind } from './upload.ts';

// The public API (/turing/v1): resource-shaped routes for programs, authenticated with a personal
// key (`Authorization: Bearer td_live_…`). Answers are the resource itself with a real HTTP status;
// errors are one shape (v1Error) carrying the product's stable error codes. The OpenAPI document of
// /v1 is built from this table alone.

/** One route of the public API: its schemas, the scope it needs and the errors it may answer. */
export interface V1RouteDef {
  method: HttpMethod;
  /** Under /turing/v1, Fastify style (`/tasks/:id`). */
  path: string;
  scope: ApiScope;
  params?: z.ZodType;
  query?: z.ZodType;
  /** JSON body; a multipart route names its form instead (`multipart`). */
  body?: z.ZodType;
  multipart?: { field: string; description: string };
  /** The success answer; null for a stream (`events`) or an empty 204. */
  response: z.ZodType | null;
  status: 200 | 201 | 202 | 204;
  /** `required`: refused without an Idempotency-Key; `optional`: honoured when given (every POST). */
  idempotency: 'required' | 'optional' | 'none';
  /** Text/event-stream instead of JSON. */
  stream?: boolean;
  summary: string;
  description?: string;
  /** Business errors this route answers beyond those of every route (see V1_COMMON_ERRORS). */
  errors: readonly ErrorCode[];
}
const v1 = <const D extends V1RouteDef>(def: D): D => def;

/** Every /v1 error: the stable code, a message in the caller's language, and what was wrong. */
export const v1Error = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Field errors of a refused body: `[{ field, code }]`. */
    details: z.unknown().optional(),
  }),
  /** Quote it when asking for help: the server's log has the request under it. */
  requestId: z.string(),
});
export type V1Error = z.infer<typeof v1Error>;

/** Errors any /v1 route may answer. */
export const V1_COMMON_ERRORS = [
  'API_KEY_INVALID',
  'API_KEY_SCOPE',
  'VALIDATION',
  'RATE_LIMITED',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'INTERNAL',
] as const satisfies readonly ErrorCode[];

/** Errors of every route that takes an Idempotency-Key. */
export const V1_IDEMPOTENCY_ERRORS = [
  'IDEMPOTENCY_KEY_INVALID',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_FLIGHT',
] as const satisfies readonly ErrorCode[];

const idParam = z.object({ id: z.uuid('NOT_FOUND') });
const taskIdParam = z.object({ id: z.uuid('TASK_NOT_FOUND') });

/** The studio's task body, plus an optional webhook for this task alone. */
export const v1TaskBody = taskParams.safeExtend({
  /** Where this task's events are posted too (signed as the user's webhooks are); needs the key scope webhooks:write. */
  webhook: z
    .object({ url: z.string().max(2000, 'WEBHOOK_URL_INVALID').refine(isStorableText, INVALID_CHAR) })
    .strict()
    .optional(),
});
export type V1TaskBody = z.input<typeof v1TaskBody>;

/**
 * The accepted task; with a `webhook` in the body, the endpoint its events go to, and the signing
 * secret when one had to be made for it (the user had no endpoint): shown this once.
 */
export const v1TaskCreated = task.extend({
  webhook: z.object({ endpointId: z.string(), secret: z.string().nullable() }).nullable(),
});
export type V1TaskCreated = z.infer<typeof v1TaskCreated>;

export const v1TaskListQuery = z.object({
  state: z.enum(TASK_STATES, 'VALIDATION').optional(),
  cursor: z.string().max(200, 'CURSOR_INVALID').refine(isStorableText, INVALID_CHAR).optional(),
  limit: z.coerce.number('PAGE_LIMIT').int('PAGE_LIMIT').min(1, 'PAGE_LIMIT').max(50, 'PAGE_LIMIT').default(20),
});
export const v1TaskPage = z.object({ items: z.array(task), nextCursor: z.string().nullable() });

export const v1Account = z.object({
  userId: z.string(),
  cubes: z.number().int(),
  /** Cubes owed after a refunded purchase; later credits pay it first. */
  debtCubes: z.number().int(),
  /** Until when a time plan pays for generation instead of cubes; null without one. */
  planUntil: z.iso.datetime().nullable(),
  /** Tasks queued or running now, and how many may be at once. */
  activeTasks: z.number().int(),
  activeTasksMax: z.number().int(),
});
export type V1Account = z.infer<typeof v1Account>;

export const v1Upload = uploadedImage;
/** What an upload through the API is for: the inputs of a task (avatars and support files are the app's). */
export const V1_UPLOAD_KINDS = ['base', 'ref', 'depth', 'line-art', 'mask'] as const satisfies readonly UploadKind[];
export const v1UploadQuery = z.object({ kind: z.enum(V1_UPLOAD_KINDS, 'VALIDATION').default('base') });

export const v1Webhook = webhookEndpoint;
export const v1WebhookCreated = z.object({ id: z.string(), secret: z.string(), endpoint: webhookEndpoint });

/** The payload of every webhook message: thin, with what a receiver needs to fetch the rest. */
export const webhookPayload = z.object({
  type: z.enum(WEBHOOK_EVENTS),
  timestamp: z.iso.datetime(),
  data: z.object({
    taskId: z.string(),
    state: z.enum(TASK_STATES),
    /** Signed result URLs (complete only); they expire, so copy them soon. */
    results: z.array(z.object({ id: z.string(), url: z.string(), seed: z.number().int().nullable() })),
    error: z.object({ code: z.string() }).nullable(),
  }),
});
export type WebhookPayload = z.infer<typeof webhookPayload>;

export const v1Routes = {
  uploadCreate: v1({
    method: 'POST',
    path: '/uploads',
    scope: 'uploads:write',
    query: v1UploadQuery,
    multipart: { field: 'file', description: 'One PNG or JPEG image, at most 5 MB' },
    response: v1Upload,
    status: 201,
    idempotency: 'optional',
    summary: 'Uploads an image to use in a task (base, reference, depth, line art or mask)',
    errors: ['IMAGE_TOO_LARGE', 'UPLOAD_FAILED', 'IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_IN_FLIGHT'],
  }),
  models: v1({
    method: 'GET',
    path: '/models',
    scope: 'tasks:read',
    response: z.object({ items: z.array(modelInfo) }),
    status: 200,
    idempotency: 'none',
    summary: 'The models this server runs, with what each can do',
    errors: [],
  }),
  taskCreate: v1({
    method: 'POST',
    path: '/tasks',
    scope: 'tasks:write',
    body: v1TaskBody,
    response: v1TaskCreated,
    status: 202,
    idempotency: 'required',
    summary: 'Submits a generation task; its cost is charged once per Idempotency-Key',
    errors: [
      'IDEMPOTENCY_KEY_REQUIRED',
      'IDEMPOTENCY_KEY_REUSED',
      'IDEMPOTENCY_KEY_IN_FLIGHT',
      'INSUFFICIENT_BALANCE',
      'TOO_MANY_TASKS',
      'PROMPT_REQUIRED',
      'BASE_IMAGE_REQUIRED',
      'UPLOAD_NOT_FOUND',
      'MODEL_UNAVAILABLE',
      'WEBHOOK_URL_INVALID',
      'WEBHOOK_URL_FORBIDDEN',
      'WEBHOOK_LIMIT',
    ],
  }),
  taskGet: v1({
    method: 'GET',
    path: '/tasks/:id',
    scope: 'tasks:read',
    params: taskIdParam,
    response: task,
    status: 200,
    idempotency: 'none',
    summary: 'One task: state, place in line, progress, results with signed URLs and seeds',
    errors: ['TASK_NOT_FOUND'],
  }),
  taskList: v1({
    method: 'GET',
    path: '/tasks',
    scope: 'tasks:read',
    query: v1TaskListQuery,
    response: v1TaskPage,
    status: 200,
    idempotency: 'none',
    summary: "The key owner's tasks, newest first; pass nextCursor as cursor for the next page",
    errors: ['CURSOR_INVALID'],
  }),
  taskCancel: v1({
    method: 'POST',
    path: '/tasks/:id/cancel',
    scope: 'tasks:write',
    params: taskIdParam,
    response: task,
    status: 200,
    idempotency: 'optional',
    summary: 'Cancels a queued task (always) or a running one (when its engine can); cubes are refunded',
    errors: ['TASK_NOT_FOUND', 'CANNOT_CANCEL'],
  }),
  taskEvents: v1({
    method: 'GET',
    path: '/tasks/:id/events',
    scope: 'tasks:read',
    params: taskIdParam,
    response: null,
    stream: true,
    status: 200,
    idempotency: 'none',
    summary: 'Server-Sent Events of one task (`event: task`, data: the task) until it ends',
    errors: ['TASK_NOT_FOUND'],
  }),
  account: v1({
    method: 'GET',
    path: '/account',
    scope: 'account:read',
    response: v1Account,
    status: 200,
    idempotency: 'none',
    summary: 'Cubes, debt, plan time and active tasks of the key owner',
    errors: [],
  }),
  works: v1({
    method: 'GET',
    path: '/works',
    scope: 'works:read',
    query: pageQuery,
    response: page(workCard),
    status: 200,
    idempotency: 'none',
    summary: "The key owner's works published in the community, newest first",
    errors: ['CURSOR_INVALID', 'PAGE_LIMIT'],
  }),
  webhookCreate: v1({
    method: 'POST',
    path: '/webhooks',
    scope: 'webhooks:write',
    body: webhookCreateBody,
    response: v1WebhookCreated,
    status: 201,
    idempotency: 'optional',
    summary: 'Adds a webhook endpoint; its signing secret (whsec_…) is in this answer only',
    errors: ['WEBHOOK_URL_INVALID', 'WEBHOOK_URL_FORBIDDEN', 'WEBHOOK_LIMIT', 'WEBHOOK_EVENTS_REQUIRED'],
  }),
  webhookList: v1({
    method: 'GET',
    path: '/webhooks',
    scope: 'webhooks:write',
    response: z.object({ items: z.array(v1Webhook) }),
    status: 200,
    idempotency: 'none',
    summary: "The key owner's webhook endpoints",
    errors: [],
  }),
  webhookDelete: v1({
    method: 'DELETE',
    path: '/webhooks/:id',
    scope: 'webhooks:write',
    params: idParam,
    response: null,
    status: 204,
    idempotency: 'none',
    summary: 'Deletes a webhook endpoint',
    errors: ['WEBHOOK_NOT_FOUND'],
  }),
};
export type V1Routes = typeof v1Routes;
export const V1_BASE_PATH = `/turing${API_V1_PREFIX}`;
