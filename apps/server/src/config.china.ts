import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * Settings of the providers an operator in mainland China runs on: WeChat Pay (API v3) and Alipay
 * as merchant payments, Aliyun and Tencent Cloud SMS for verification codes. Merged into the
 * environment schema of config.ts; every one is listed in the README's settings table.
 */

const blankToUndefined = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .optional();

const urlSetting = (fallback: string) =>
  z
    .string()
    .trim()
    .transform((v) => v || fallback)
    .pipe(z.url())
    .default(fallback);

/**
 * A key or certificate given as its text (PEM, with real or `\n`-escaped line breaks, or bare
 * base64 as Alipay's console shows keys) or as the path of a file holding it.
 */
export const keySetting = blankToUndefined.transform((value, ctx) => {
  if (!value) return undefined;
  const text = value.replace(/\\n/g, '\n');
  if (text.startsWith('-----BEGIN') || /^[A-Za-z0-9+/=\s]{64,}$/.test(text)) return text.trim();
  try {
    return readFileSync(value, 'utf8').trim();
  } catch {
    ctx.addIssue({ code: 'custom', message: 'neither a key (PEM or base64) nor a readable file' });
    return z.NEVER;
  }
});

/** `86:aliyun,*:twilio`: the SMS provider per country calling code, `*` for every other number. */
const smsRoutes = blankToUndefined.transform((value, ctx) => {
  if (!value) return undefined;
  const routes: Record<string, SmsProviderName> = {};
  for (const entry of value.split(',').map((s) => s.trim())) {
    const [country = '', provider = ''] = entry.split(':').map((s) => s.trim());
    if (!/^(\d{1,4}|\*)$/.test(country) || !SMS_SENDERS.includes(provider as SmsProviderName)) {
      ctx.addIssue({
        code: 'custom',
        message: `"${entry}": expected <calling code or *>:<${SMS_SENDERS.join('|')}>, e.g. 86:aliyun,*:twilio`,
      });
      return z.NEVER;
    }
    routes[country] = provider as SmsProviderName;
  }
  return routes;
});

export const SMS_SENDERS = ['twilio', 'aliyun', 'tencent'] as const;
export type SmsProviderName = (typeof SMS_SENDERS)[number];

export const chinaSettings = {
  // WeChat Pay, API v3 (pay.weixin.qq.com/doc/v3/merchant): on when the merchant id is set.
  WECHATPAY_MCH_ID: blankToUndefined,
  WECHATPAY_APP_ID: blankToUndefined,
  /** The serial number of the merchant's API certificate, named in every request's signature. */
  WECHATPAY_MCH_CERT_SERIAL: blankToUndefined,
  WECHATPAY_MCH_PRIVATE_KEY: keySetting,
  /** The APIv3 key (32 characters) that decrypts notifications. */
  WECHATPAY_API_V3_KEY: blankToUndefined.pipe(z.string().length(32, 'must be 32 characters').optional()),
  /** WeChat Pay's public key and its id (PUB_KEY_ID_…), which sign answers and notifications. */
  WECHATPAY_PUBLIC_KEY_ID: blankToUndefined,
  WECHATPAY_PUBLIC_KEY: keySetting,
  /** The platform certificate (PEM), for answers and notifications still signed the older way. */
  WECHATPAY_PLATFORM_CERT: keySetting,
  WECHATPAY_API_URL: urlSetting('https://api.mch.weixin.qq.com'),
  // Alipay Open Platform (opendocs.alipay.com): on when the app id is set.
  ALIPAY_APP_ID: blankToUndefined,
  ALIPAY_PRIVATE_KEY: keySetting,
  /** Alipay's public key (not the app's), which signs answers and notifications. */
  ALIPAY_PUBLIC_KEY: keySetting,
  ALIPAY_GATEWAY_URL: urlSetting('https://openapi.alipay.com/gateway.do'),
  /** Minutes a WeChat Pay or Alipay order may be paid in; then it is closed at the provider and cancelled. */
  ORDER_PAY_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    // WeChat Pay's code_url lives two hours: an order must not outlive the QR code it shows.
    .max(120)
    .default(30),
  // SMS through Chinese carriers: a registered signature and template.
  ALIYUN_ACCESS_KEY_ID: blankToUndefined,
  ALIYUN_ACCESS_KEY_SECRET: blankToUndefined,
  ALIYUN_SMS_SIGN_NAME: blankToUndefined,
  ALIYUN_SMS_TEMPLATE_CODE: blankToUndefined,
  ALIYUN_SMS_ENDPOINT: urlSetting('https://dysmsapi.aliyuncs.com'),
  TENCENTCLOUD_SECRET_ID: blankToUndefined,
  TENCENTCLOUD_SECRET_KEY: blankToUndefined,
  TENCENT_SMS_SDK_APP_ID: blankToUndefined,
  TENCENT_SMS_SIGN_NAME: blankToUndefined,
  TENCENT_SMS_TEMPLATE_ID: blankToUndefined,
  TENCENT_SMS_REGION: z
    .string()
    .trim()
    .transform((v) => v || 'ap-guangzhou')
    .default('ap-guangzhou'),
  TENCENT_SMS_ENDPOINT: urlSetting('https://sms.tencentcloudapi.com'),
  /** The SMS provider per country calling code (86:aliyun,*:twilio); unset, SMS_PROVIDER sends all. */
  SMS_ROUTES: smsRoutes,
};

type ChinaEnv = { [K in keyof typeof chinaSettings]: z.infer<(typeof chinaSettings)[K]> };

const missing = (cfg: Record<string, unknown>, names: string[]) => names.filter((n) => !cfg[n]);

/** Half a payment setup would take money that nothing could verify or fulfil. */
export function chinaProblems(cfg: Partial<ChinaEnv>): string[] {
  const out: string[] = [];
  const c = cfg as unknown as Record<string, unknown>;
  if (cfg.WECHATPAY_MCH_ID) {
    const lack = missing(c, [
      'WECHATPAY_APP_ID',
      'WECHATPAY_MCH_CERT_SERIAL',
      'WECHATPAY_MCH_PRIVATE_KEY',
      'WECHATPAY_API_V3_KEY',
    ]);
    if (lack.length) out.push(`${lack.join(', ')}: required with WECHATPAY_MCH_ID`);
    if (!cfg.WECHATPAY_PLATFORM_CERT && !(cfg.WECHATPAY_PUBLIC_KEY_ID && cfg.WECHATPAY_PUBLIC_KEY)) {
      out.push(
        'WECHATPAY_PUBLIC_KEY_ID with WECHATPAY_PUBLIC_KEY, or WECHATPAY_PLATFORM_CERT: required with WECHATPAY_MCH_ID (to verify what WeChat Pay signs)',
      );
    }
  }
  if (cfg.ALIPAY_APP_ID) {
    const lack = missing(c, ['ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY']);
    if (lack.length) out.push(`${lack.join(', ')}: required with ALIPAY_APP_ID`);
  }
  return out;
}

/** What each SMS provider needs before it can send. */
export const SMS_NEEDS: Record<SmsProviderName, string[]> = {
  twilio: ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'],
  aliyun: ['ALIYUN_ACCESS_KEY_ID', 'ALIYUN_ACCESS_KEY_SECRET', 'ALIYUN_SMS_SIGN_NAME', 'ALIYUN_SMS_TEMPLATE_CODE'],
  tencent: [
    'TENCENTCLOUD_SECRET_ID',
    'TENCENTCLOUD_SECRET_KEY',
    'TENCENT_SMS_SDK_APP_ID',
    'TENCENT_SMS_SIGN_NAME',
    'TENCENT_SMS_TEMPLATE_ID',
  ],
};
