import type { Config } from '../../config.ts';
import { SMS_NEEDS, type SmsProviderName } from '../../config.china.ts';
import { createTwilioSms, type SmsProvider } from './sms.ts';

/**
 * A provider whose SDK is loaded with its first text, not at start: a node that sends none (or
 * whose numbers all go elsewhere) never pays for loading it.
 */
function onFirstText(kind: string, load: () => Promise<SmsProvider>): SmsProvider {
  let made: Promise<SmsProvider> | null = null;
  return {
    kind,
    codesOnly: true,
    async send(to, text, code) {
      made ??= load();
      return (await made).send(to, text, code);
    },
  };
}

/** "A, B and C", as the start-up refusals name settings. */
const listed = (names: string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : (names[0] ?? '');

/** Every provider SMS_PROVIDER or SMS_ROUTES names, with the setting that names it. */
function wanted(config: Config): Map<SmsProviderName, string> {
  const out = new Map<SmsProviderName, string>();
  if (config.SMS_PROVIDER !== 'outbox') out.set(config.SMS_PROVIDER, `SMS_PROVIDER=${config.SMS_PROVIDER}`);
  for (const [country, name] of Object.entries(config.SMS_ROUTES ?? {})) {
    if (!out.has(name)) out.set(name, `SMS_ROUTES (${country}:${name})`);
  }
  return out;
}

function build(name: SmsProviderName, c: Config, timeoutMs: number | undefined): SmsProvider {
  // SMS_NEEDS was checked first: every setting read with `!` below is set.
  if (name === 'twilio') {
    const [accountSid, authToken, from] = [c.TWILIO_ACCOUNT_SID!, c.TWILIO_AUTH_TOKEN!, c.TWILIO_FROM!];
    return createTwilioSms({ accountSid, authToken, from, apiUrl: c.TWILIO_API_URL, timeoutMs });
  }
  if (name === 'aliyun') {
    return onFirstText('aliyun', async () =>
      (await import('./sms.aliyun.ts')).createAliyunSms({
        accessKeyId: c.ALIYUN_ACCESS_KEY_ID!,
        accessKeySecret: c.ALIYUN_ACCESS_KEY_SECRET!,
        signName: c.ALIYUN_SMS_SIGN_NAME!,
        templateCode: c.ALIYUN_SMS_TEMPLATE_CODE!,
        endpoint: c.ALIYUN_SMS_ENDPOINT,
        timeoutMs,
      }),
    );
  }
  return onFirstText('tencent', async () =>
    (await import('./sms.tencent.ts')).createTencentSms({
      secretId: c.TENCENTCLOUD_SECRET_ID!,
      secretKey: c.TENCENTCLOUD_SECRET_KEY!,
      sdkAppId: c.TENCENT_SMS_SDK_APP_ID!,
      signName: c.TENCENT_SMS_SIGN_NAME!,
      templateId: c.TENCENT_SMS_TEMPLATE_ID!,
      region: c.TENCENT_SMS_REGION,
      endpoint: c.TENCENT_SMS_ENDPOINT,
      timeoutMs,
    }),
  );
}

/**
 * The SMS provider of each number: SMS_ROUTES by country calling code (the longest that matches,
 * then `*`), else SMS_PROVIDER. Refuses to start when a provider named anywhere lacks a setting,
 * rather than failing the first user of that country. Null when nothing sends texts (outbox).
 */
export function createSmsRouter(config: Config, opts: { timeoutMs?: number } = {}) {
  const names = wanted(config);
  const settings = config as unknown as Record<string, unknown>;
  const problems = [...names].flatMap(([name, source]) => {
    const lack = SMS_NEEDS[name].filter((setting) => !settings[setting]);
    return lack.length ? [`${source} needs ${listed(lack)}`] : [];
  });
  if (problems.length) throw new Error(problems.join('; '));
  if (names.size === 0) return null;

  const providers = new Map([...names.keys()].map((name) => [name, build(name, config, opts.timeoutMs)]));
  const routes = config.SMS_ROUTES ?? {};
  const fallback = config.SMS_PROVIDER === 'outbox' ? undefined : config.SMS_PROVIDER;
  return {
    /** The provider for an E.164 number, or null when none is configured for it. */
    pick(to: string): SmsProvider | null {
      const digits = to.replace(/^\+/, '');
      // Calling codes are prefix-free, so the longest route that starts the number is its country's.
      for (let length = 4; length >= 1; length -= 1) {
        const name = routes[digits.slice(0, length)];
        if (name) return providers.get(name)!;
      }
      const name = routes['*'] ?? fallback;
      return name ? providers.get(name)! : null;
    },
  };
}
