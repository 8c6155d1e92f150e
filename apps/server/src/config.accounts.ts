import { z } from 'zod';
import { IP_COUNTRY_DEFAULT_URL } from '@turing/contract';
import { flag } from './config.platform.ts';

/**
 * The settings of signing up and in: how verification codes reach users (e-mail, SMS through
 * Twilio or a provider of config.china.ts), Google and WeChat sign-in, and the per-IP limits on
 * codes and logins. Merged into the environment schema by config.ts.
 */
export const accountSettings = {
  SMTP_URL: z
    .string()
    .optional()
    .describe('e-mail over SMTP, e.g. `smtps://user:pass@smtp.example.com`')
    .meta({ shown: '— (dev outbox)' }),
  MAIL_FROM: z
    .string()
    .default('Turing Design <no-reply@turing.design>')
    .describe('the sender of the e-mails sent over `SMTP_URL`'),
  SMS_PROVIDER: z
    .enum(['outbox', 'twilio', 'aliyun', 'tencent'])
    .default('outbox')
    .describe(
      "who sends texts: `twilio` with `TWILIO_ACCOUNT_SID`, `TWILIO_AUTH_TOKEN`, `TWILIO_FROM`; `aliyun` with `ALIYUN_ACCESS_KEY_ID`, `ALIYUN_ACCESS_KEY_SECRET`, `ALIYUN_SMS_SIGN_NAME`, `ALIYUN_SMS_TEMPLATE_CODE`; `tencent` with `TENCENTCLOUD_SECRET_ID`, `TENCENTCLOUD_SECRET_KEY`, `TENCENT_SMS_SDK_APP_ID`, `TENCENT_SMS_SIGN_NAME`, `TENCENT_SMS_TEMPLATE_ID`; `outbox` keeps them in the dev outbox. A provider named here or in `SMS_ROUTES` without its settings stops the start with a message naming them. A passing fault (no answer, a timeout, HTTP 429/5xx, the provider's throttling or own trouble) hands the code to the job queue and the request succeeds; a limit on the number answers `SMS_LIMITED` (429) and a number that cannot take texts `SMS_NUMBER_REFUSED` (400) at once",
    ),
  TWILIO_ACCOUNT_SID: z
    .string()
    .optional()
    .describe("the Twilio account's SID, which with `TWILIO_AUTH_TOKEN` signs in to Twilio's API"),
  TWILIO_AUTH_TOKEN: z.string().optional().describe("the Twilio account's auth token"),
  TWILIO_FROM: z.string().optional().describe('the Twilio number (or sender) texts are sent from'),
  TWILIO_API_URL: z
    .string()
    .default('https://api.twilio.com')
    .describe("Twilio's API address (a regional edge or a test double)"),
  GOOGLE_CLIENT_ID: z
    .string()
    .optional()
    .describe(
      "Google sign-in (OpenID Connect): the OAuth client's id, set with `GOOGLE_CLIENT_SECRET`; redirect URI `<PUBLIC_URL>/turing/unauthorized/google/callback`",
    ),
  GOOGLE_CLIENT_SECRET: z
    .string()
    .optional()
    .describe("Google sign-in (OpenID Connect): the OAuth client's secret, set with `GOOGLE_CLIENT_ID`"),
  GOOGLE_ISSUER: z
    .string()
    .default('https://accounts.google.com')
    .describe('the OpenID Connect issuer whose discovery document is read'),
  WECHAT_APP_ID: z
    .string()
    .optional()
    .describe(
      "WeChat website sign-in and binding: the website app's AppID, set with `WECHAT_APP_SECRET`; redirect URI `<PUBLIC_URL>/turing/unauthorized/wechat/callback`",
    ),
  WECHAT_APP_SECRET: z
    .string()
    .optional()
    .describe("WeChat website sign-in and binding: the website app's AppSecret, set with `WECHAT_APP_ID`"),
  WECHAT_API_URL: z.string().default('https://api.weixin.qq.com').describe("WeChat's token API"),
  WECHAT_AUTHORIZE_URL: z
    .string()
    .default('https://open.weixin.qq.com/connect/qrconnect')
    .describe("WeChat's QR-code sign-in page"),
  CODE_IP_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(20)
    .describe('verification codes one IP address may request per 10 minutes'),
  LOGIN_IP_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(30)
    .describe('login attempts one IP address may make per minute'),
  IP_COUNTRY_LOOKUP: flag('false').describe(
    "let the phone input guess the country from the visitor's IP (`IP_COUNTRY_URL`)",
  ),
  IP_COUNTRY_URL: z
    .url()
    .default(IP_COUNTRY_DEFAULT_URL)
    .describe(
      "the service the browser asks for the visitor's country when `IP_COUNTRY_LOOKUP` is on, answering in ip2c.org's plain-text form (`1;CC;CCC;Country`); the page's content security policy allows its origin",
    ),
};
