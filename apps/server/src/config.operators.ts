import { z } from 'zod';

/** The operators' settings: their token, their own address, and their second factor. */
export const operatorSettings = {
  /** The operator's token for /turing/admin; without it the server keeps a random one in <DATA_DIR>/admin-token. */
  ADMIN_TOKEN: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(z.string().min(16, 'must be at least 16 characters').optional())
    .optional(),
  /**
   * Whether every operator must pass an authenticator code before using the console: "required"
   * (the default in production) or "optional" (only operators who set one up are asked).
   */
  OPERATOR_TOTP: z
    .enum(['required', 'optional', ''])
    .default('')
    .transform((v) => v || undefined),
  /** Serves the operator's /turing/admin API only on this extra address (e.g. 127.0.0.1:9090), not on PORT. */
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
    ),
};
