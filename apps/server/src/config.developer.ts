import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('')
  .transform((v) => v === 'true' || v === '1');

/** The public API (/turing/v1) and the webhooks it sends. */
export const developerSettings = {
  API_RATE_LIMIT: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(120)
    .describe(
      'requests a minute each API key may make to `/turing/v1` (answered with `RateLimit-*` headers, and 429 with `Retry-After` past it); submitting tasks is further bounded by the per-user cap of active tasks',
    ),
  WEBHOOK_ALLOW_PRIVATE: flag
    .describe(
      'lets webhooks be sent to loopback, private, link-local and CGNAT addresses (for a receiver on the same machine while developing or testing); refused in production, where webhook addresses must also be `https://`',
    )
    .meta({ shown: 'false' }),
  WEBHOOK_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(60_000)
    .default(10_000)
    .describe(
      "how long one webhook attempt may take, the receiver's address lookup included, before it counts as failed and is retried later",
    ),
};

/** Settings of this topic that production refuses. */
export function developerProblems(cfg: { WEBHOOK_ALLOW_PRIVATE: boolean }, production: boolean): string[] {
  return production && cfg.WEBHOOK_ALLOW_PRIVATE
    ? ['WEBHOOK_ALLOW_PRIVATE: refused in production (webhooks must never reach private or local addresses there)']
    : [];
}
