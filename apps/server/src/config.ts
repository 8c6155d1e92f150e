import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { accountSettings } from './config.accounts.ts';
import { chinaPaymentSettings, chinaProblems, chinaSmsSettings } from './config.china.ts';
import { engineChoiceSettings, priceSettings, taskSettings } from './config.generation.ts';
import { developerProblems, developerSettings } from './config.developer.ts';
import { operationsSettings } from './config.operations.ts';
import { operatorSettings } from './config.operators.ts';
import { paymentSettings } from './config.payments.ts';
import { serverSettings, storageSettings } from './config.platform.ts';
import { ENGINES, engineSettingsShape, type EngineList } from './generation/engines/index.ts';

export { describeTrustProxy, type TrustProxy } from './config.platform.ts';

/** The topic of an engine's own settings, named after it. */
export const engineTopicTitle = (name: string) => `\`${name}\` engine`;

/** A group of settings, with the heading docs/configuration.md gives it. */
export interface SettingTopic {
  title: string;
  shape: Readonly<Record<string, z.ZodType>>;
}

/**
 * Every environment variable, by topic: the schema below and docs/configuration.md (written from
 * `settingTopics` by reference-docs.ts) follow this order. Each topic's variables are declared in
 * its own file (config.<topic>.ts; an engine's in its descriptor), each with its `.describe()`.
 */
export function settingTopics(engines: EngineList = ENGINES): SettingTopic[] {
  return [
    { title: 'Server', shape: serverSettings },
    { title: 'Files and object storage', shape: storageSettings },
    { title: 'Operators', shape: operatorSettings },
    { title: 'Metrics, tracing and backups', shape: operationsSettings },
    { title: 'Sign-in, e-mail and SMS', shape: accountSettings },
    { title: 'SMS routes, Aliyun and Tencent Cloud', shape: chinaSmsSettings },
    { title: 'Generation', shape: { ...engineChoiceSettings(engines), ...taskSettings } },
    { title: 'Prices and per-user limits', shape: priceSettings },
    { title: 'Stripe and test payments', shape: paymentSettings },
    { title: 'WeChat Pay and Alipay', shape: chinaPaymentSettings },
    { title: 'Public API and webhooks', shape: developerSettings },
    ...engines.map((engine) => ({ title: engineTopicTitle(engine.name), shape: engine.settings.shape })),
  ];
}

/**
 * The schema of the environment for a list of engines (the server's own; a test may give a list
 * with an engine of its own): the topics' variables, then every engine's own (its descriptor's
 * `settings`: keys, addresses, models, pacing).
 */
export function configSchema(engines: EngineList = ENGINES) {
  return z.object({
    ...serverSettings,
    ...storageSettings,
    ...operatorSettings,
    ...operationsSettings,
    ...accountSettings,
    ...chinaSmsSettings,
    ...engineChoiceSettings(engines),
    ...taskSettings,
    ...priceSettings,
    ...paymentSettings,
    ...chinaPaymentSettings,
    ...developerSettings,
    ...engineSettingsShape(engines),
  });
}

const envSchema = configSchema(ENGINES);

type Env = z.infer<typeof envSchema>;

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

/**
 * Parses the environment once; everything else receives the result. `engines`: the engines the
 * server knows (its own; a test adds one of its own to see it configured like the others).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, engines: EngineList = ENGINES): Config {
  const parsed = (engines === ENGINES ? envSchema : configSchema(engines)).safeParse(env);
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
    ...developerProblems(cfg, production),
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
