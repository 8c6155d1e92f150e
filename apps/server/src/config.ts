import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .pipe(z.url().optional())
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: optionalUrl,
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: optionalUrl,
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Turing Design <no-reply@turing.design>'),
  SMS_PROVIDER: z.enum(['outbox', 'twilio']).default('outbox'),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_API_URL: z.string().default('https://api.twilio.com'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.string().default('https://accounts.google.com'),
  WECHAT_APP_ID: z.string().optional(),
  WECHAT_APP_SECRET: z.string().optional(),
  WECHAT_API_URL: z.string().default('https://api.weixin.qq.com'),
  WECHAT_AUTHORIZE_URL: z.string().default('https://open.weixin.qq.com/connect/qrconnect'),
  /** Verification codes one IP address may request per 10 minutes. */
  CODE_IP_LIMIT: z.coerce.number().int().positive().default(20),
  /** Login attempts one IP address may make per minute. */
  LOGIN_IP_LIMIT: z.coerce.number().int().positive().default(30),
  IP_COUNTRY_LOOKUP: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  IP_COUNTRY_URL: z.url().default('https://ip2c.org/s'),
  /** Signs private image URLs; every API node must share it (default: made once in DATA_DIR). */
  FILE_URL_SECRET: z
    .string()
    .transform((v) => v || undefined)
    .pipe(z.string().min(16).optional())
    .optional(),
  /** The operator's token for /turing/admin; without it the server keeps a random one in <DATA_DIR>/admin-token. */
  ADMIN_TOKEN: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(z.string().min(16, 'must be at least 16 characters').optional())
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  production: boolean;
  database: 'pglite' | 'postgres';
  filesDir: string;
}

/** Parses the environment once; everything else receives the result. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const cfg = parsed.data;
  const dataDir = path.resolve(cfg.DATA_DIR);
  return {
    ...cfg,
    DATA_DIR: dataDir,
    production: cfg.NODE_ENV === 'production',
    database: cfg.DATABASE_URL ? 'postgres' : 'pglite',
    filesDir: path.join(dataDir, 'files'),
  };
}
