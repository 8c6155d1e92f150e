import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The settings of the server itself: where it listens, its database, what every node of a
 * deployment shares, and where the files are kept. Merged into the environment schema by config.ts;
 * each says what it is with `.describe()`, and docs/configuration.md is written from those.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A URL, or nothing when unset or blank. */
export const optionalUrl = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .pipe(z.url().optional())
  .optional();

/** Text, or nothing when unset or blank. */
export const optionalText = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .optional();

/** `true` or `false`, `fallback` when unset. */
export const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'])
    .default(fallback)
    .transform((v) => v === 'true');

/** `true` or `false`, or undefined when unset or blank (the caller then decides from the rest). */
export const optionalFlag = () =>
  z
    .enum(['true', 'false', ''])
    .optional()
    .transform((v) => (v === 'true' ? true : v === 'false' ? false : undefined));

/** Which hops' X-Forwarded-For is believed: none, all, the nearest N, or those at these addresses. */
export type TrustProxy = boolean | number | string[];

const TRUST_PROXY_FORMS = 'a hop count (1), true, false, or addresses and CIDR ranges (10.0.0.0/8,127.0.0.1)';

/** An address, or an address with a prefix length that fits it (10.0.0.0/8, fd00::/8). */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0 || address.includes('%')) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** A value that is none of the forms would otherwise trust nothing (or fail later) without a word. */
function parseTrustProxy(value: string, ctx: z.RefinementCtx): TrustProxy {
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= 100) return hops > 0 ? hops : false;
    ctx.addIssue({
      code: 'custom',
      message: `${value} hops is not a plausible proxy chain (expected ${TRUST_PROXY_FORMS})`,
    });
    return z.NEVER;
  }
  const entries = value.split(',').map((s) => s.trim());
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length === 0) return entries;
  const named = bad.map((entry) => (entry ? `"${entry}"` : 'an empty entry')).join(', ');
  ctx.addIssue({
    code: 'custom',
    message: `${named}: not an IP address or CIDR range (expected ${TRUST_PROXY_FORMS})`,
  });
  return z.NEVER;
}

/** What TRUST_PROXY trusts, in words for the start-up log. */
export function describeTrustProxy(trust: TrustProxy): string {
  if (trust === false) return 'X-Forwarded-For is ignored (TRUST_PROXY unset): a client is its socket address';
  if (trust === true) {
    return 'X-Forwarded-For is trusted from every hop (TRUST_PROXY=true): the leftmost address counts';
  }
  if (typeof trust === 'number') {
    return `X-Forwarded-For is trusted from the nearest ${trust} hop${trust === 1 ? '' : 's'}, whatever their address (TRUST_PROXY=${trust})`;
  }
  return `X-Forwarded-For is trusted from proxies at ${trust.join(', ')}`;
}

/** The server: where it listens, its database, its secrets, and what one node may do. */
export const serverSettings = {
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('development')
    .describe(
      '`development`, `test` or `production`. `production` turns on secure cookies and turns off the dev outbox; it refuses to start without `PUBLIC_URL`, `FILE_URL_SECRET`, `ADMIN_TOKEN` and SMTP or an SMS provider',
    ),
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080).describe('the port the server listens on'),
  HOST: z.string().default('0.0.0.0').describe('the address the server listens on'),
  WEB_DIST: z
    .string()
    .default(path.join(repoRoot, 'apps/web/dist'))
    .describe('the built web app the server serves at `/`')
    .meta({ shown: '`apps/web/dist`' }),
  DATA_DIR: z
    .string()
    .default(path.join(repoRoot, 'data'))
    .describe('where the embedded database (`db/`), the files (`files/`) and the dev outbox are kept')
    .meta({ shown: '`./data`' }),
  DATABASE_URL: optionalUrl.describe('PostgreSQL instead of the embedded database'),
  ROLE: z
    .enum(['all', 'api', 'worker'])
    .default('all')
    .describe('`api` or `worker` for split nodes (needs PostgreSQL); `all` is both in one process'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('pino log level: `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`'),
  PUBLIC_URL: optionalUrl
    .describe('the address users reach; every redirect is built from it, never from request headers')
    .meta({ shown: '`http://localhost:<PORT>`' }),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('')
    .transform(parseTrustProxy)
    .describe(
      'proxies allowed to set `X-Forwarded-For`, which the per-IP limits then key on: a hop count (`1`: the nearest hops, whatever their address, so only when the app cannot be reached but through them), `true` (every hop), `false`, or addresses and CIDR ranges (`10.0.0.0/8,127.0.0.1`); any other value stops the start with a message naming it, and the start-up log says what is trusted. None by default, so a client cannot choose its own address for the per-IP limits',
    )
    .meta({ shown: 'none' }),
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(1)
    .max(200)
    .default(10)
    .describe('PostgreSQL connections per node (1 to 200)'),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(30_000)
    .describe('the longest a PostgreSQL statement may run, in milliseconds'),
  API_DOCS: optionalFlag()
    .describe('serve the OpenAPI document and its browser at `/turing/docs`')
    .meta({ shown: '`true` outside production, `false` in production' }),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024)
    .describe('largest JSON body a route accepts unless it says otherwise (uploads have their own limit)'),
  FILE_URL_SECRET: z
    .string()
    .transform((v) => v || undefined)
    .pipe(z.string().min(16).optional())
    .optional()
    .describe(
      'signs the expiring URLs of private images (everything but avatars) and, through a key derived from it, the known-device cookies of sign-in (16+ characters); required in production, and required and shared by every node with `DATABASE_URL` or `ROLE` (changing it makes every browser unknown again)',
    )
    .meta({ shown: 'random, in `DATA_DIR/file-url-secret`' }),
  DEMO_CONTENT: flag('true').describe(
    'on the first start, fill the community with demo creators (who cannot sign in), works drawn by the preview engine, likes, follows and banners (never with `NODE_ENV=test`); `false` starts empty',
  ),
};

/** Where the files are: the data folder, shared or not, or an S3-compatible bucket. */
export const storageSettings = {
  FILES_SHARED: flag('false').describe(
    'with `DATABASE_URL` or `ROLE` and no `S3_BUCKET`, the server refuses to start unless this declares `DATA_DIR/files` one folder shared by every node (e.g. NFS): otherwise each node could serve only the images it stored itself',
  ),
  S3_BUCKET: optionalText
    .describe('store images in an S3-compatible bucket instead of `DATA_DIR/files`; every API node must then use it')
    .meta({ shown: '— (files in `DATA_DIR/files`)' }),
  S3_REGION: z.string().trim().default('us-east-1').describe("the bucket's region"),
  S3_ENDPOINT: optionalUrl
    .describe('another S3-compatible store than AWS (MinIO, Cloudflare R2, Alibaba OSS, Tencent COS…)')
    .meta({ shown: '— (AWS)' }),
  S3_FORCE_PATH_STYLE: flag('false').describe(
    'path-style addressing, the bucket in the path (`http://host/bucket/key`): `true` for MinIO and most self-hosted stores',
  ),
  S3_ACCESS_KEY_ID: z
    .string()
    .optional()
    .describe("the bucket's access key id, set together with `S3_SECRET_ACCESS_KEY`")
    .meta({ shown: "— (the AWS SDK's usual chain: environment, instance or task role)" }),
  S3_SECRET_ACCESS_KEY: z
    .string()
    .optional()
    .describe("the bucket's secret access key, set together with `S3_ACCESS_KEY_ID`")
    .meta({ shown: "— (the AWS SDK's usual chain: environment, instance or task role)" }),
  S3_PUBLIC_URL: optionalUrl
    .describe(
      'bucket or CDN address where browsers load public images (avatars) from; the bucket must then allow anonymous reads of `public/*`. Private images are always streamed by the app behind its signed, expiring URLs',
    )
    .meta({ shown: '— (the app serves them under `/files`)' }),
};
