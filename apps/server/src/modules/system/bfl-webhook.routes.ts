import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { BFL_WEBHOOK_PATH } from '@turing/contract';
import { AppError } from '../../shared/app-error.ts';

/** Channel on which a callback reaches the process that polls the job (any node). */
export const ENGINE_WAKE_CHANNEL = 'engine_wake';

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
    { schema: { hide: true }, config: { appHeader: false, mutates: true }, bodyLimit: 256 * 1024 },
    async (req, reply) => {
      const signature = req.headers['x-bfl-signature'];
      if (
        !Buffer.isBuffer(req.body) ||
        !bflSignatureValid(req.body, typeof signature === 'string' ? signature : undefined, opts.secret)
      ) {
        req.log.warn('BFL webhook with a missing or bad signature');
        throw new AppError('VALIDATION');
      }
      let id: unknown;
      try {
        id = (JSON.parse(req.body.toString('utf8')) as { id?: unknown }).id;
      } catch {
        throw new AppError('VALIDATION');
      }
      if (typeof id !== 'string' || id.length > 200) throw new AppError('VALIDATION');
      await opts.wake(`flux:${id}`);
      return reply.send({ received: true });
    },
  );
}
