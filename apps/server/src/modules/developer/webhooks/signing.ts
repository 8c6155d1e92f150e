import { createHash, randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new signing secret: `whsec_` + base64 of 32 random bytes, as Standard Webhooks libraries read it. */
export const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export interface SigningKeys {
  secret: string;
  previousSecret: string | null;
  previousSecretUntil: Date | null;
}

/**
 * The three Standard Webhooks headers of one attempt. While a rotation's overlap lasts, the message
 * carries a signature by the previous secret too (space-separated), so a receiver still holding it
 * keeps verifying until it switches.
 */
export function signedHeaders(keys: SigningKeys, messageId: string, body: string, now: Date) {
  const signatures = [new Webhook(keys.secret).sign(messageId, now, body)];
  if (keys.previousSecret && keys.previousSecretUntil && keys.previousSecretUntil > now) {
    signatures.push(new Webhook(keys.previousSecret).sign(messageId, now, body));
  }
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}

/**
 * The message id of a task's event: derived from the task, the event and the task's `seq` as the
 * change left it, so the same change reported twice (two processes, a retried transaction) is the
 * same message and is stored once per endpoint, while every later change to that event's state
 * (back in line and started again, even when its run is not counted) is a message of its own.
 */
export const taskMessageId = (taskId: string, event: string, seq: number) =>
  `msg_${createHash('sha256').update(`${taskId}:${event}:${seq}`).digest('base64url').slice(0, 24)}`;
