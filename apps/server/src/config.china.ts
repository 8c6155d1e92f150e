import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * Settings of the providers an operator in mainland China runs on: WeChat Pay (API v3) and Alipay
 * as merchant payments, Aliyun and Tencent Cloud SMS for verification codes. Merged into the
 * environment schema of config.ts; docs/configuration.md lists each with its description.
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
const keySetting = blankToUndefined.transform((value, ctx) => {
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

const SMS_SENDERS = ['twilio', 'aliyun', 'tencent'] as const;
export type SmsProviderName = (typeof SMS_SENDERS)[number];

/** WeChat Pay and Alipay as the merchant's own payment providers. */
export const chinaPaymentSettings = {
  // WeChat Pay, API v3 (pay.weixin.qq.com/doc/v3/merchant): on when the merchant id is set.
  WECHATPAY_MCH_ID: blankToUndefined
    .describe(
      "WeChat Pay (API v3) as the merchant's own provider: the merchant id. Set with `WECHATPAY_APP_ID`, `WECHATPAY_MCH_CERT_SERIAL`, `WECHATPAY_MCH_PRIVATE_KEY`, `WECHATPAY_API_V3_KEY` and WeChat Pay's public key (`WECHATPAY_PUBLIC_KEY_ID`, `WECHATPAY_PUBLIC_KEY`) or platform certificate (`WECHATPAY_PLATFORM_CERT`); orders are always charged the CNY price",
    )
    .meta({ shown: '— (WeChat Pay off)' }),
  WECHATPAY_APP_ID: blankToUndefined.describe(
    "the app id bound to the WeChat Pay merchant (an official account's or an open-platform website app's)",
  ),
  WECHATPAY_MCH_CERT_SERIAL: blankToUndefined.describe(
    "the serial number of the merchant's API certificate, named in the signature of every request",
  ),
  WECHATPAY_MCH_PRIVATE_KEY: keySetting.describe(
    "the merchant's private key (`apiclient_key.pem`: PEM text, with `\\n` for line breaks, or a file path) that signs every request",
  ),
  WECHATPAY_API_V3_KEY: blankToUndefined
    .pipe(z.string().length(32, 'must be 32 characters').optional())
    .describe('the 32-character APIv3 key set in the merchant platform; it decrypts notifications'),
  WECHATPAY_PUBLIC_KEY_ID: blankToUndefined.describe(
    "the id (`PUB_KEY_ID_…`) of WeChat Pay's public key, set with `WECHATPAY_PUBLIC_KEY`",
  ),
  WECHATPAY_PUBLIC_KEY: keySetting.describe(
    "WeChat Pay's public key (PEM text or file) that signs answers and notifications",
  ),
  WECHATPAY_PLATFORM_CERT: keySetting.describe(
    "the platform certificate (PEM text or file) for merchants still on the older way; set it as well as the public key during WeChat Pay's migration, when a notification may come signed either way. One of the two ways (this, or `WECHATPAY_PUBLIC_KEY_ID` with `WECHATPAY_PUBLIC_KEY`) is required",
  ),
  WECHATPAY_API_URL: urlSetting('https://api.mch.weixin.qq.com').describe(
    "WeChat Pay's API address (`https://api2.mch.weixin.qq.com` is its backup domain; a test double in tests)",
  ),
  // Alipay Open Platform (opendocs.alipay.com): on when the app id is set.
  ALIPAY_APP_ID: blankToUndefined
    .describe(
      "Alipay as the merchant's own provider: the open-platform app's id (with the computer website and mobile website payment products). Set with `ALIPAY_PRIVATE_KEY` and `ALIPAY_PUBLIC_KEY`; orders are always charged the CNY price. Alipay is told with every order to notify `<PUBLIC_URL>/turing/billing/webhook/alipay`",
    )
    .meta({ shown: '— (Alipay off)' }),
  ALIPAY_PRIVATE_KEY: keySetting.describe(
    "the app's private key (PKCS#8 or PKCS#1: PEM text, with `\\n` for line breaks, the bare base64 Alipay's key tool shows, or a file path) that signs every request (RSA2)",
  ),
  ALIPAY_PUBLIC_KEY: keySetting.describe(
    "Alipay's public key (not the app's; the public-key mode of the open platform), as PEM text, base64 or a file path; it verifies answers and notifications",
  ),
  ALIPAY_GATEWAY_URL: urlSetting('https://openapi.alipay.com/gateway.do').describe(
    "Alipay's gateway (`https://openapi-sandbox.dl.alipaydev.com/gateway.do` is its sandbox; a test double in tests)",
  ),
  ORDER_PAY_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    // WeChat Pay's code_url lives two hours: an order must not outlive the QR code it shows.
    .max(120)
    .default(30)
    .describe(
      'minutes a WeChat Pay or Alipay order can be paid in (5 to 120: a WeChat Pay QR code lives two hours); then it is closed at the provider and cancelled here',
    ),
};

/** Texts through Chinese carriers (a registered signature and template each), and which provider texts which country. */
export const chinaSmsSettings = {
  SMS_ROUTES: smsRoutes
    .describe(
      'the SMS provider per country calling code, `*` for every other number, e.g. `86:aliyun,*:twilio`; a number no route matches goes to `SMS_PROVIDER`',
    )
    .meta({ shown: '— (`SMS_PROVIDER` sends all)' }),
  ALIYUN_ACCESS_KEY_ID: blankToUndefined.describe(
    'the id of the AccessKey pair (of a RAM user allowed `dysms:SendSms`) that signs Aliyun SMS requests',
  ),
  ALIYUN_ACCESS_KEY_SECRET: blankToUndefined.describe(
    'the secret of the AccessKey pair (of a RAM user allowed `dysms:SendSms`) that signs Aliyun SMS requests',
  ),
  ALIYUN_SMS_SIGN_NAME: blankToUndefined.describe('the approved sign name of Aliyun texts'),
  ALIYUN_SMS_TEMPLATE_CODE: blankToUndefined.describe(
    'the approved verification-code template (`SMS_…`) whose one variable is `${code}`; Aliyun texts carry codes only, so the "already registered" notice is not sent to numbers it serves',
  ),
  ALIYUN_SMS_ENDPOINT: urlSetting('https://dysmsapi.aliyuncs.com').describe(
    "Dysmsapi's address (a regional endpoint or a test double)",
  ),
  TENCENTCLOUD_SECRET_ID: blankToUndefined.describe(
    'the SecretId of the API key pair (of a sub-user allowed `sms:SendSms`) that signs Tencent Cloud SMS requests',
  ),
  TENCENTCLOUD_SECRET_KEY: blankToUndefined.describe(
    'the SecretKey of the API key pair (of a sub-user allowed `sms:SendSms`) that signs Tencent Cloud SMS requests',
  ),
  TENCENT_SMS_SDK_APP_ID: blankToUndefined.describe("the Tencent Cloud SMS application's SdkAppId"),
  TENCENT_SMS_SIGN_NAME: blankToUndefined.describe('the approved sign name of Tencent Cloud texts'),
  TENCENT_SMS_TEMPLATE_ID: blankToUndefined.describe(
    "the approved verification-code template whose one parameter is the code; like Aliyun's, Tencent Cloud texts carry codes only",
  ),
  TENCENT_SMS_REGION: z
    .string()
    .trim()
    .transform((v) => v || 'ap-guangzhou')
    .default('ap-guangzhou')
    .describe('the region the requests name (`ap-guangzhou`, `ap-beijing` or `ap-nanjing`)'),
  TENCENT_SMS_ENDPOINT: urlSetting('https://sms.tencentcloudapi.com').describe(
    "Tencent's SMS API address; an address outside `tencentcloudapi.com` (a relay, a test double) receives requests addressed and signed for `sms.tencentcloudapi.com`",
  ),
};

type ChinaSettings = typeof chinaPaymentSettings & typeof chinaSmsSettings;
type ChinaEnv = { [K in keyof ChinaSettings]: z.infer<ChinaSettings[K]> };

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
