import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook, WebhookVerificationError } from './webhook.ts';

// The example of the Standard Webhooks specification (and of its libraries' tests).
const SPEC = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};
const at = SPEC.timestamp * 1000;
const headersOf = (signature: string, timestamp = SPEC.timestamp, id = SPEC.id) => ({
  'webhook-id': id,
  'webhook-timestamp': String(timestamp),
  'webhook-signature': signature,
});

describe('verifyWebhook', () => {
  it('accepts the specification’s example and signs it the same', () => {
    expect(signWebhook(SPEC.secret, SPEC.id, SPEC.timestamp, SPEC.body)).toBe(SPEC.signature);
    expect(verifyWebhook(SPEC.secret, headersOf(SPEC.signature), SPEC.body, { now: at })).toEqual({ test: 2432232314 });
  });

  it('agrees with the standardwebhooks package the server signs with, for bytes and Headers too', () => {
    const secret = `whsec_${Buffer.from('a secret of 24 bytes....').toString('base64')}`;
    const body = JSON.stringify({
      type: 'task.completed',
      timestamp: '2026-11-27T10:00:00.000Z',
      data: { taskId: 't1' },
    });
    // Whole seconds of the present: the package checks the timestamp against its own clock.
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    const ts = now.getTime() / 1000;
    const signature = new Webhook(secret).sign('msg_1', now, body);
    const headers = new Headers(headersOf(signature, ts, 'msg_1'));
    expect(verifyWebhook(secret, headers, new TextEncoder().encode(body), { now })).toMatchObject({
      type: 'task.completed',
    });
    // …and the package accepts what this module signs.
    const ours = signWebhook(secret, 'msg_1', ts, body);
    expect(new Webhook(secret).verify(body, headersOf(ours, ts, 'msg_1'))).toMatchObject({ type: 'task.completed' });
    expect(ours).toBe(signature);
  });

  it('accepts any one of several signatures (a rotation signs with the old and the new secret)', () => {
    const header = `v1,${Buffer.alloc(32).toString('base64')} v1a,ignored ${SPEC.signature}`;
    expect(verifyWebhook(SPEC.secret, headersOf(header), SPEC.body, { now: at })).toEqual({ test: 2432232314 });
  });

  it('refuses a tampered body, another id, a wrong secret and missing headers', () => {
    const refuse = (fn: () => unknown) => expect(fn).toThrow(WebhookVerificationError);
    refuse(() => verifyWebhook(SPEC.secret, headersOf(SPEC.signature), '{"test": 2432232315}', { now: at }));
    refuse(() =>
      verifyWebhook(SPEC.secret, headersOf(SPEC.signature, SPEC.timestamp, 'msg_other'), SPEC.body, { now: at }),
    );
    refuse(() =>
      verifyWebhook('whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAA', headersOf(SPEC.signature), SPEC.body, { now: at }),
    );
    refuse(() => verifyWebhook(SPEC.secret, { 'webhook-id': SPEC.id }, SPEC.body, { now: at }));
  });

  it('refuses a timestamp more than five minutes old or ahead, and accepts one just inside', () => {
    const six = 6 * 60 * 1000;
    expect(() => verifyWebhook(SPEC.secret, headersOf(SPEC.signature), SPEC.body, { now: at + six })).toThrow(
      /too old/,
    );
    expect(() => verifyWebhook(SPEC.secret, headersOf(SPEC.signature), SPEC.body, { now: at - six })).toThrow(
      /too new/,
    );
    expect(verifyWebhook(SPEC.secret, headersOf(SPEC.signature), SPEC.body, { now: at + 299_000 })).toBeTruthy();
  });
});
