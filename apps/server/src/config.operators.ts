import { z } from 'zod';

/** The operators' settings: their token, their own address, and their second factor. */
export const operatorSettings = {
  ADMIN_TOKEN: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(z.string().min(16, 'must be at least 16 characters').optional())
    .optional()
    .describe(
      'token for `/turing/admin` and `npm run admin` (16+ characters); required like `FILE_URL_SECRET`: in production, and shared by every node with `DATABASE_URL` or `ROLE`',
    )
    .meta({ shown: 'random, in `DATA_DIR/admin-token`' }),
  OPERATOR_TOTP: z
    .enum(['required', 'optional', ''])
    .default('')
    .transform((v) => v || undefined)
    .describe(
      '`required`: every operator sets up an authenticator app before the console opens; `optional`: only operators who set one up are asked for its code',
    )
    .meta({ shown: '`required` in production, `optional` otherwise' }),
  ADMIN_LISTEN: z
    .string()
    .trim()
    .default('')
    .transform((v) => v || undefined)
    .pipe(
      z
        .string()
        .regex(/^[^\s:]+:\d{1,5}$/, 'must be host:port')
        .optional(),
    )
    .describe(
      'e.g. `127.0.0.1:9090`: serve `/turing/admin` (and the operator console, with sign-in) only on that internal address, not on `PORT`. Recommended for every deployment: the operator API is then unreachable from the internet; operators open `http://<internal address>/#/admin`. On `PORT`, wrong tokens are throttled per address (ten per 15 minutes, each logged) while the right token is always accepted',
    ),
};
