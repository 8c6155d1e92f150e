import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookPayload } from './types.ts';

/** A message that is not from the server (bad signature) or is too old or too new to trust. */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

export type WebhookHeaders =
  Headers | Record<string, string | readonly string[] | undefined> | { get(name: string): string | null };

export interface VerifyOptions {
  /** The time to judge the timestamp by (a Date or milliseconds); now by default. */
  now?: Date | number;
  /** How far the timestamp may be from now, either way; 300 s as Standard Webhooks says. */
  toleranceSeconds?: number;
}

const SECRET_PREFIX = 'whsec_';

function header(headers: WebhookHeaders, name: string): string {
  if (typeof (headers as { get?: unknown }).get === 'function') return (headers as Headers).get(name) ?? '';
  const record = headers as Record<string, string | readonly string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return (Array.isArray(value) ? value[0] : (value as string | undefined)) ?? '';
}

/** The signature of a message: base64 HMAC-SHA256 of `id.timestamp.body` with the secret's bytes. */
export function signWebhook(secret: string, id: string, timestamp: number | string, body: string | Uint8Array) {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  // An empty or garbled secret would make an HMAC anyone can compute.
  if (key.length < 16)
    throw new Error('invalid webhook secret: expected whsec_ followed by base64 of at least 16 bytes');
  const hmac = createHmac('sha256', key).update(`${id}.${timestamp}.`);
  hmac.update(typeof body === 'string' ? Buffer.from(body, 'utf8') : body);
  return `v1,${hmac.digest('base64')}`;
}

/**
 * Checks a webhook as Standard Webhooks specifies and returns its payload: the `webhook-signature`
 * header may hold several space-separated signatures (during a secret's rotation the old and the
 * new one both sign) and one matching is enough; a timestamp more than five minutes away is refused,
 * which stops a captured message from being replayed later. Pass the body exactly as received: a
 * re-serialised JSON object does not verify.
 */
export function verifyWebhook(
  secret: string,
  headers: WebhookHeaders,
  body: string | Uint8Array,
  o: VerifyOptions = {},
): WebhookPayload {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError('Missing webhook headers');
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError('Invalid webhook-timestamp');

  const nowMs = o.now === undefined ? Date.now() : typeof o.now === 'number' ? o.now : o.now.getTime();
  const tolerance = o.toleranceSeconds ?? 300;
  const age = Math.floor(nowMs / 1000) - Number(timestamp);
  if (age > tolerance) throw new WebhookVerificationError('Message timestamp too old');
  if (age < -tolerance) throw new WebhookVerificationError('Message timestamp too new');

  const expected = Buffer.from(signWebhook(secret, id, timestamp, body).slice(3), 'base64');
  const matches = signatures.split(' ').some((entry) => {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookVerificationError('No matching signature found');

  const text = typeof body === 'string' ? body : new TextDecoder().decode(body);
  return JSON.parse(text) as WebhookPayload;
}
