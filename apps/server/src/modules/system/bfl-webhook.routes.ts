import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { BFL_WEBHOOK_PATH, bflWebhookBody, isErrorCode } from '@turing/contract';
import { AppError } from '../../shared/app-error.ts';

/** Channel on which a callback reaches the process that polls the job (any node). */
export const ENGINE_WAKE_CHANNEL = 'engine_wake';

/**
 * Callbacks one address may make per minute. BFL sends one per finished job; past the limit a
 * real one is only late (the poll finds the job on its next round), while a flood of forged ones
 * is refused before its body is read or its signature checked.
 */
export const BFL_WEBHOOK_LIMIT = { max: 300, timeWindow: '1 minute' };

/**
 * BFL signs a callback with HMAC-SHA256 of the raw body, keyed with the webhook_secret sent with
 * the job, as `X-BFL-Signature: sha256=<hex>`. Compared in constant time.
 */
export function bflSignatureValid(body: Buffer, header: string | undefined, secret: string): boolean {
  if (!header) return false;
  const given = header.trim().replace(/^sha256=/i, '');
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

/**
 * FLUX's optional webhook, in a scope of its own so it reads the body raw (the signature covers
 * the exact bytes). It records nothing: it wakes the poll waiting for the job, which reads the
 * job's state from the provider itself, so a forged or replayed call could at most cause one
 * extra poll, and a lost one costs only the rest of a polling interval.
 */
export async function bflWebhookModule(
  app: FastifyInstance,
  opts: { secret: string; wake(key: string): Promise<void> },
) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.post(
    BFL_WEBHOOK_PATH,
    {
      schema: { hide: true },
      config: { appHeader: false, mutates: true, rateLimit: BFL_WEBHOOK_LIMIT },
      bodyLimit: 256 * 1024,
    },
    async (req, reply) => {
      const signature = req.headers['x-bfl-signature'];
      if (
        !Buffer.isBuffer(req.body) ||
        !bflSignatureValid(req.body, typeof signature === 'string' ? signature : undefined, opts.secret)
      ) {
        // The request line already records each refusal; a second line each would double a flood.
        req.log.debug('BFL webhook with a missing or bad signature');
        throw new AppError('VALIDATION');
      }
      let json: unknown;
      try {
        json = JSON.parse(req.body.toString('utf8'));
      } catch {
        throw new AppError('VALIDATION');
      }
      // A NUL or a lone surrogate in the id would fail in pg_notify: refused as any stored text is.
      const body = bflWebhookBody.safeParse(json);
      if (!body.success) {
        const given = body.error.issues[0]?.message;
        const code = isErrorCode(given) ? given : 'VALIDATION';
        throw new AppError(code, { details: [{ field: 'id', code }] });
      }
      await opts.wake(`flux:${body.data.id}`);
      return reply.send({ received: true });
    },
  );
}
