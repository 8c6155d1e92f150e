import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ENGINE_NAMES } from '@turing/contract';
import { chinaProblems, chinaSettings } from './config.china.ts';
import { operatorSettings } from './config.operators.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .pipe(z.url().optional())
  .optional();

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
  SMS_PROVIDER: z.enum(['outbox', 'twilio', 'aliyun', 'tencent']).default('outbox'),
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
  /**
   * Which proxies may set X-Forwarded-For: a hop count ("1": the nearest hops, whatever their
   * address), "true" (every hop), "false", or a comma-separated list of addresses and CIDR ranges.
   * None by default, so a client cannot choose its own address for the per-IP limits.
   */
  TRUST_PROXY: z.string().trim().default('').transform(parseTrustProxy),
  ...operatorSettings,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** Largest JSON body a route accepts unless it says otherwise. */
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024),
  // Generation
  GENERATION_ENGINE: z.enum(ENGINE_NAMES).default('preview'),
  /** Per-model engine, e.g. "architecture:comfyui,architecture-beta:openai". */
  MODEL_ENGINES: z.string().default(''),
  /** How long the preview engine takes per task (so the queue is visible in a demo; 0 in tests). */
  PREVIEW_PACE_MS: z.coerce.number().int().min(0).default(4000),
  /**
   * The built-in neural upscaler's ESRGAN weights (CPU, a worker thread): `slim`, `medium` (finer,
   * about 2.5× the CPU time), or `off` for a plain lanczos enlargement marked "Preview".
   */
  UPSCALER_MODEL: z.enum(['slim', 'medium', 'off']).default('slim'),
  /**
   * The upscaler thread's nice value on Linux (0–19): 10 yields the cores to the API when they are
   * short; 0 gives it an equal share (a node that only upscales, or a test with a deadline).
   */
  UPSCALER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /** The preview engine's drawing threads' nice value on Linux (0–19), as UPSCALER_NICE's. */
  PREVIEW_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /** A fresh install's community starts with demo creators, works and banners (first start only; never in tests). */
  DEMO_CONTENT: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * Several nodes with local storage: the operator declares the files folder shared by every node
   * (e.g. NFS). Without it (or S3_BUCKET), such a setup refuses to start.
   */
  FILES_SHARED: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  COMFYUI_URLS: z.string().default(''),
  /** Least silence about a running prompt before its ComfyUI server counts as hung (the window grows with the server's step time). */
  COMFYUI_HUNG_MS: z.coerce.number().int().min(1000).default(90_000),
  COMFYUI_WORKFLOWS_DIR: z.string().optional(),
  COMFYUI_CHECKPOINT: z.string().default('sd_xl_base_1.0.safetensors'),
  COMFYUI_CHECKPOINT_BETA: z.string().optional(),
  COMFYUI_CONTROLNET_DEPTH: z.string().default('controlnet-depth-sdxl-1.0.safetensors'),
  COMFYUI_CONTROLNET_LINEART: z.string().default('controlnet-canny-sdxl-1.0.safetensors'),
  COMFYUI_UPSCALE_MODEL: z.string().default('4x-UltraSharp.pth'),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().optional(),
  OPENAI_IMAGE_MODEL: z.string().default('gpt-image-2'),
  /** Stability AI (REST v2beta): text uses stable-image/generate/<STABILITY_MODEL> (core, ultra or sd3). */
  STABILITY_API_KEY: z.string().optional(),
  STABILITY_BASE_URL: z.string().default('https://api.stability.ai'),
  STABILITY_MODEL: z.enum(['core', 'ultra', 'sd3']).default('core'),
  /** Black Forest Labs FLUX: BFL_MODEL makes text tasks, BFL_EDIT_MODEL those with an input image. */
  BFL_API_KEY: z.string().optional(),
  BFL_BASE_URL: z.string().default('https://api.bfl.ai'),
  BFL_MODEL: z.string().default('flux-pro-1.1'),
  BFL_EDIT_MODEL: z.string().default('flux-kontext-pro'),
  /** Signs BFL's webhook calls (sent to PUBLIC_URL); without it the engine polls. */
  BFL_WEBHOOK_SECRET: z.string().optional(),
  /**
   * A hosted job that finished but whose result link expired before it was collected (FLUX's last
   * 10 minutes; a process down longer): false ends that image refunded; true sends a new job for
   * it, which the provider bills a second time.
   */
  RESUBMIT_EXPIRED_RESULTS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Alibaba Cloud Model Studio (DashScope); the base URL picks the region (Beijing: https://dashscope.aliyuncs.com). */
  DASHSCOPE_API_KEY: z.string().optional(),
  DASHSCOPE_BASE_URL: z.string().default('https://dashscope-intl.aliyuncs.com'),
  WAN_MODEL: z.string().default('wan2.2-t2i-flash'),
  WAN_EDIT_MODEL: z.string().default('wanx2.1-imageedit'),
  /** Model that translates Chinese prompts for English-only engines (needs OPENAI_API_KEY). */
  TRANSLATE_MODEL: z.string().default('gpt-4o-mini'),
  /** Long edge in pixels per quality. */
  QUALITY_LONG_EDGE: z.string().default('SD:768,HD:1280,FHD:2048'),
  /** Cubes per image per quality. */
  COST_CUBES: z.string().default('SD:1,HD:2,FHD:4'),
  /** Per-model prices over the catalogue's: "flux-pro:SD:3,HD:4,FHD:6;stable-image-ultra:x4:20". */
  MODEL_COSTS: z.string().default(''),
  WELCOME_CUBES: z.coerce.number().int().min(0).default(20),
  /** Cubes the invited user and the inviter each receive once an invitation code is entered. */
  INVITE_BONUS_CUBES: z.coerce.number().int().min(0).max(100_000).default(10),
  /** Invitations of one inviter that pay the bonus; past it a code still links the accounts, without a bonus. */
  INVITE_BONUS_MAX: z.coerce.number().int().min(0).max(1_000_000).default(50),
  /** Folders one user may make in the workspace (besides the default one); past it a new folder is refused. */
  FOLDERS_MAX: z.coerce.number().int().min(1).max(100_000).default(300),
  /** Tasks one user may have queued or running at once. */
  USER_ACTIVE_TASKS_MAX: z.coerce.number().int().min(1).default(8),
  /** Longest a task may generate before it ends timed out (ComfyUI has no timeout of its own). */
  TASK_TIMEOUT_MS: z.coerce.number().int().min(1000).default(600_000),
  /** A running task whose process has been silent this long is taken back (re-queued or lost). */
  TASK_STALE_MS: z.coerce.number().int().min(1000).default(60_000),
  /** The largest side an upscale may produce (ComfyUI refuses images over 16384 px a side). */
  UPSCALE_MAX_SIDE: z.coerce.number().int().min(512).max(16_384).default(8192),
  /**
   * This node's name among the workers. A restarted node takes back its earlier process's tasks at
   * once (not after TASK_STALE_MS); by default the host name and data folder, stable across restarts.
   */
  NODE_ID: z
    .string()
    .trim()
    .regex(/^[\w.-]{1,64}$/)
    .optional(),
  /** Live event streams one user may hold open at once; a new one beyond that closes the oldest. */
  EVENT_STREAMS_PER_USER: z.coerce.number().int().min(1).max(100).default(6),
  /** Tasks one process generates at once. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  // Object storage: an S3-compatible bucket instead of <DATA_DIR>/files when S3_BUCKET is set.
  S3_BUCKET: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .optional(),
  S3_REGION: z.string().trim().default('us-east-1'),
  /** For stores other than AWS (MinIO, Cloudflare R2, Alibaba OSS, Tencent COS…). */
  S3_ENDPOINT: optionalUrl,
  /** Without keys the AWS SDK's usual chain applies (environment, instance or task role). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Bucket in the path (http://host/bucket/key), as MinIO and most self-hosted stores need. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Where browsers load public objects (avatars) from: the bucket's public address or a CDN. */
  S3_PUBLIC_URL: optionalUrl,
  // Payments: Stripe Checkout when both keys are set; otherwise (never in production) the dev provider.
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .optional(),
  /** The signing secret of the webhook endpoint (whsec_…) that points at /turing/billing/webhook/stripe. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .optional(),
  /** Payment methods offered in Checkout; each only in the currencies Stripe supports for it. */
  STRIPE_PAYMENT_METHODS: z
    .string()
    .default('card,alipay,wechat_pay')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(['card', 'alipay', 'wechat_pay'])).min(1)),
  /** Stripe's API address (tests point it at a local stand-in). */
  STRIPE_API_URL: optionalUrl,
  /**
   * The development payment provider (purchases confirmed for free on a page of the app). Unset, it
   * is on only where no real provider is configured and NODE_ENV is not production; production
   * refuses it.
   */
  PAYMENTS_DEV: z
    .enum(['true', 'false', ''])
    .optional()
    .transform((v) => (v === 'true' ? true : v === 'false' ? false : undefined)),
  /** The OpenAPI document and its browser at /turing/docs: on outside production, off in production unless true. */
  API_DOCS: z
    .enum(['true', 'false', ''])
    .optional()
    .transform((v) => (v === 'true' ? true : v === 'false' ? false : undefined)),
  ...chinaSettings,
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  production: boolean;
  database: 'pglite' | 'postgres';
  filesDir: string;
  /** NODE_ID, or the host name with a hash of the data folder and port. */
  nodeId: string;
  /** Where users reach the app, without a trailing slash: PUBLIC_URL, else http://localhost:PORT. */
  publicUrl: string;
  /** Whether the development payment provider is offered (PAYMENTS_DEV, or its default). */
  paymentsDev: boolean;
  /** Whether /turing/docs serves the OpenAPI document (API_DOCS, or its default). */
  apiDocs: boolean;
  /** Every operator must pass a second factor (OPERATOR_TOTP, or its default). */
  operatorTotpRequired: boolean;
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
  const production = cfg.NODE_ENV === 'production';
  const problems = [
    ...productionProblems(cfg, production),
    ...sharedSecretProblems(cfg),
    ...stripeProblems(cfg),
    ...chinaProblems(cfg),
  ];
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return {
    ...cfg,
    DATA_DIR: dataDir,
    production,
    database: cfg.DATABASE_URL ? 'postgres' : 'pglite',
    filesDir: path.join(dataDir, 'files'),
    nodeId: cfg.NODE_ID ?? defaultNodeId(dataDir, cfg.PORT),
    publicUrl: (cfg.PUBLIC_URL ?? `http://localhost:${cfg.PORT}`).replace(/\/+$/, ''),
    // A forgotten NODE_ENV must not give the shop away: with a real provider, free purchases are opt-in.
    paymentsDev:
      cfg.PAYMENTS_DEV ?? (!production && !cfg.STRIPE_SECRET_KEY && !cfg.WECHATPAY_MCH_ID && !cfg.ALIPAY_APP_ID),
    apiDocs: cfg.API_DOCS ?? !production,
    operatorTotpRequired: (cfg.OPERATOR_TOTP ?? (production ? 'required' : 'optional')) === 'required',
  };
}

/** Host name plus a short hash of the data folder and port: the same after a restart, distinct per node. */
function defaultNodeId(dataDir: string, port: number): string {
  const host =
    os
      .hostname()
      .replace(/[^\w.-]/g, '-')
      .slice(0, 40) || 'node';
  return `${host}-${createHash('sha256').update(`${dataDir}:${port}`).digest('hex').slice(0, 8)}`;
}

/** Production refuses to start on embedded stand-ins for what real users need. */
function productionProblems(cfg: Env, production: boolean): string[] {
  if (!production) return [];
  const out: string[] = [];
  if (!cfg.PUBLIC_URL) out.push('PUBLIC_URL: required in production (the address users reach, for sign-in redirects)');
  if (!cfg.FILE_URL_SECRET) out.push('FILE_URL_SECRET: required in production (signs private image URLs)');
  if (!cfg.ADMIN_TOKEN) out.push('ADMIN_TOKEN: required in production (the operator token)');
  if (cfg.PAYMENTS_DEV === true) out.push('PAYMENTS_DEV: not allowed in production (it hands out purchases for free)');
  const sms = cfg.SMS_PROVIDER !== 'outbox' || cfg.SMS_ROUTES !== undefined;
  if (!cfg.SMTP_URL && !sms) {
    out.push('SMTP_URL or SMS_PROVIDER/SMS_ROUTES: required in production (verification codes must reach users)');
  }
  return out;
}

/** Several nodes on one database must agree on secrets; a random one per node breaks signed URLs. */
function sharedSecretProblems(cfg: Env): string[] {
  if (!cfg.DATABASE_URL && cfg.ROLE === 'all') return [];
  const why = cfg.ROLE === 'all' ? 'with DATABASE_URL' : `with ROLE=${cfg.ROLE}`;
  const out: string[] = [];
  if (!cfg.FILE_URL_SECRET) out.push(`FILE_URL_SECRET: required ${why}, shared by every node (16+ characters)`);
  if (!cfg.ADMIN_TOKEN) out.push(`ADMIN_TOKEN: required ${why}, shared by every node (16+ characters)`);
  if (!cfg.S3_BUCKET && !cfg.FILES_SHARED) {
    out.push(
      `S3_BUCKET or FILES_SHARED=true: required ${why}, or each node serves only the images it stored itself ` +
        '(set S3_* for object storage, or FILES_SHARED=true when DATA_DIR/files is one folder shared by every node, e.g. NFS)',
    );
  }
  return out;
}

/** Half a Stripe setup would take payments that no verified webhook could ever fulfil. */
function stripeProblems(cfg: Env): string[] {
  if (!cfg.STRIPE_SECRET_KEY === !cfg.STRIPE_WEBHOOK_SECRET) return [];
  return ['STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both (payments are fulfilled only by the signed webhook)'];
}
