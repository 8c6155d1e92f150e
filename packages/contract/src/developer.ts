import { z } from 'zod';
import { developerEndpoints } from './developer.endpoints.ts';
import { isStorableText, INVALID_CHAR } from './fields.ts';
import { page, pageQuery } from './paging.ts';
import { route } from './route.ts';

// Personal API keys and webhook endpoints: what the profile pages and the public API share.

/** What a key may do; a key acts as its user within these and nothing else. */
export const API_SCOPES = [
  'tasks:write',
  'tasks:read',
  'uploads:write',
  'account:read',
  'works:read',
  'webhooks:write',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** Events a webhook endpoint can subscribe to. */
export const WEBHOOK_EVENTS = [
  'task.queued',
  'task.started',
  'task.completed',
  'task.failed',
  'task.cancelled',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const DEVELOPER_LIMITS = {
  apiKeysPerUser: 10,
  apiKeyNameMax: 40,
  /** Days a key may be made to last, at most; without an expiry it lasts until revoked. */
  apiKeyExpiryDaysMax: 366,
  webhooksPerUser: 10,
  /** Addresses a user's tasks may name in `webhook.url` (each keeps an endpoint, listed and deletable). */
  taskWebhooksPerUser: 100,
  webhookUrlMax: 2000,
  /** Characters of a receiver's answer kept in the delivery log. */
  deliverySnippetMax: 500,
  idempotencyKeyMax: 255,
  /** Hours an Idempotency-Key's first answer is kept and replayed. */
  idempotencyHours: 24,
} as const;

/** `td_live_` + 43 base62 characters (32 random bytes) + 6 base62 characters of CRC-32 checksum. */
export const API_KEY_PREFIX = 'td_live_';
export const API_KEY_PATTERN = /^td_live_[0-9A-Za-z]{43}[0-9A-Za-z]{6}$/;

const keyName = z
  .string('API_KEY_NAME_REQUIRED')
  .trim()
  .min(1, 'API_KEY_NAME_REQUIRED')
  .max(DEVELOPER_LIMITS.apiKeyNameMax, 'TEXT_TOO_LONG')
  .refine(isStorableText, INVALID_CHAR);

export const apiKey = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  /** The key's last four characters, to tell keys apart (`td_live_…abcd`). */
  last4: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  lastUsedIp: z.string().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  /** True once the expiry passed: the key is listed but opens nothing. */
  expired: z.boolean(),
});
export type ApiKey = z.infer<typeof apiKey>;

export const apiKeyCreateBody = z
  .object({
    name: keyName,
    scopes: z
      .array(z.enum(API_SCOPES, 'VALIDATION'))
      .min(1, 'API_KEY_SCOPES_REQUIRED')
      .max(API_SCOPES.length, 'VALIDATION')
      .refine((s) => new Set(s).size === s.length, 'VALIDATION'),
    /** Days until the key stops working; left out, it works until revoked. */
    expiresInDays: z
      .number()
      .int('VALIDATION')
      .min(1, 'VALIDATION')
      .max(DEVELOPER_LIMITS.apiKeyExpiryDaysMax, 'VALIDATION')
      .optional(),
  })
  .strict();
export type ApiKeyCreateBody = z.infer<typeof apiKeyCreateBody>;

/** The new key with its secret, shown this once: only its digest is kept. */
export const apiKeyCreated = z.object({ key: apiKey, token: z.string() });

export const idBody = z.object({ id: z.uuid('NOT_FOUND') }).strict();

const webhookUrl = z
  .string('WEBHOOK_URL_INVALID')
  .trim()
  .max(DEVELOPER_LIMITS.webhookUrlMax, 'WEBHOOK_URL_INVALID')
  // The full check (a real host, https in production, no private address) is the server's.
  .regex(/^https?:\/\/[^\s/?#@]+[^\s]*$/i, 'WEBHOOK_URL_INVALID')
  .refine(isStorableText, 'WEBHOOK_URL_INVALID');

const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENTS, 'VALIDATION'))
  .min(1, 'WEBHOOK_EVENTS_REQUIRED')
  .max(WEBHOOK_EVENTS.length, 'VALIDATION')
  .refine((s) => new Set(s).size === s.length, 'VALIDATION');

export const webhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** Why it was switched off: `gone` (the receiver answered 410), `failing` (5 days of failures), `user`. */
  disabledReason: z.enum(['gone', 'failing', 'user']).nullable(),
  /** Made for one task's `webhook.url` rather than added by the user. */
  perTask: z.boolean(),
  createdAt: z.iso.datetime(),
  /** Until when the previous secret still signs beside the new one, after a rotation. */
  previousSecretUntil: z.iso.datetime().nullable(),
  lastDelivery: z.object({ at: z.iso.datetime(), status: z.number().int().nullable(), ok: z.boolean() }).nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

export const webhookCreateBody = z.object({ url: webhookUrl, events: webhookEvents }).strict();
export type WebhookCreateBody = z.infer<typeof webhookCreateBody>;

export const webhookUpdateBody = z
  .object({ id: z.uuid('WEBHOOK_NOT_FOUND'), events: webhookEvents.optional(), enabled: z.boolean().optional() })
  .strict();

/** The endpoint with its signing secret (`whsec_…`), shown this once. */
export const webhookCreated = z.object({ endpoint: webhookEndpoint, secret: z.string() });

export const webhookDelivery = z.object({
  id: z.string(),
  /** The message id (`webhook-id`): the same on every attempt and on "send again". */
  messageId: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  taskId: z.string().nullable(),
  /** pending (will be tried again), delivered, failed (no attempts left or the endpoint is off). */
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  /** The receiver's HTTP status of the last attempt; null when it could not be reached. */
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  responseSnippet: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastAttemptAt: z.iso.datetime().nullable(),
  nextAttemptAt: z.iso.datetime().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookDeliveriesQuery = z.object({ id: z.uuid('WEBHOOK_NOT_FOUND'), ...pageQuery.shape });

export const developerRoutes = {
  apiKeys: route({
    ...developerEndpoints.apiKeys,
    response: z.object({ items: z.array(apiKey) }),
    summary: "The user's API keys (never their secrets), newest first",
  }),
  apiKeyCreate: route({
    ...developerEndpoints.apiKeyCreate,
    body: apiKeyCreateBody,
    response: apiKeyCreated,
    summary: 'Creates an API key; its secret is in this answer only',
  }),
  apiKeyRevoke: route({
    ...developerEndpoints.apiKeyRevoke,
    body: idBody,
    response: z.null(),
    summary: 'Revokes an API key at once',
  }),
  webhooks: route({
    ...developerEndpoints.webhooks,
    response: z.object({ items: z.array(webhookEndpoint) }),
    summary: "The user's webhook endpoints",
  }),
  webhookCreate: route({
    ...developerEndpoints.webhookCreate,
    body: webhookCreateBody,
    response: webhookCreated,
    summary: 'Adds a webhook endpoint; its signing secret is in this answer only',
  }),
  webhookUpdate: route({
    ...developerEndpoints.webhookUpdate,
    body: webhookUpdateBody,
    response: webhookEndpoint,
    summary: "Changes an endpoint's events, or switches it off or on again",
  }),
  webhookDelete: route({
    ...developerEndpoints.webhookDelete,
    body: idBody,
    response: z.null(),
    summary: 'Deletes a webhook endpoint and its delivery log',
  }),
  webhookRotate: route({
    ...developerEndpoints.webhookRotate,
    body: idBody,
    response: webhookCreated,
    summary: 'Makes a new signing secret; the old one keeps signing beside it for 24 hours',
  }),
  webhookDeliveries: route({
    ...developerEndpoints.webhookDeliveries,
    query: webhookDeliveriesQuery,
    response: page(webhookDelivery),
    summary: "An endpoint's deliveries, newest first",
  }),
  webhookRedeliver: route({
    ...developerEndpoints.webhookRedeliver,
    body: idBody,
    response: webhookDelivery,
    summary: 'Sends a delivery again (same message id), at once',
  }),
};
