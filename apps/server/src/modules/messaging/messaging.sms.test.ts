import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ERRORS } from '@turing/contract';
import { appHeaders, buildTestApp, capturingLogger, readOutbox } from '../../../test-support/test-app.ts';
import { fakeServer } from '../../../test-support/fake-server.ts';
import { ALIYUN, ALIYUN_ACCOUNT, FakeAliyunSms } from '../../../test-support/providers/fake-aliyun-sms.ts';
import { FakeTencentSms, TENCENT, TENCENT_ACCOUNT } from '../../../test-support/providers/fake-tencent-sms.ts';
import { loadConfig } from '../../config.ts';
import { createMessagingService, type QueuedMessage } from './messaging.service.ts';

const aliyunEnv = (fake: FakeAliyunSms, secret = ALIYUN_ACCOUNT.secret) => ({
  ALIYUN_ACCESS_KEY_ID: ALIYUN_ACCOUNT.keyId,
  ALIYUN_ACCESS_KEY_SECRET: secret,
  ALIYUN_SMS_SIGN_NAME: ALIYUN_ACCOUNT.signName,
  ALIYUN_SMS_TEMPLATE_CODE: ALIYUN_ACCOUNT.templateCode,
  ALIYUN_SMS_ENDPOINT: fake.url,
});
const tencentEnv = (fake: FakeTencentSms) => ({
  TENCENTCLOUD_SECRET_ID: TENCENT_ACCOUNT.secretId,
  TENCENTCLOUD_SECRET_KEY: TENCENT_ACCOUNT.secretKey,
  TENCENT_SMS_SDK_APP_ID: TENCENT_ACCOUNT.sdkAppId,
  TENCENT_SMS_SIGN_NAME: TENCENT_ACCOUNT.signName,
  TENCENT_SMS_TEMPLATE_ID: TENCENT_ACCOUNT.templateId,
  TENCENT_SMS_ENDPOINT: fake.url,
});
const twilioEnv = (url: string) => ({
  TWILIO_ACCOUNT_SID: 'AC1',
  TWILIO_AUTH_TOKEN: 'twilio-token',
  TWILIO_FROM: '+15550001111',
  TWILIO_API_URL: url,
});

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanup.splice(0).map((c) => c().catch(() => {})));
});
async function aliyun() {
  const fake = await FakeAliyunSms.start();
  cleanup.push(() => fake.close());
  return fake;
}
async function tencent() {
  const fake = await FakeTencentSms.start();
  cleanup.push(() => fake.close());
  return fake;
}

/** The messaging service alone, with the job queue's hand-over recorded. */
function service(env: Record<string, string>, opts: { smsTimeoutMs?: number } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turing-sms-'));
  cleanup.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env });
  const { logger, lines } = capturingLogger();
  const queued: QueuedMessage[] = [];
  const later = async (message: QueuedMessage) => void queued.push(message);
  return { messaging: createMessagingService(config, logger, { later, ...opts }), queued, lines };
}

const code = (to: string, locale: 'en' | 'zh' = 'en') => ({
  channel: 'phone' as const,
  to,
  purpose: 'register' as const,
  code: '246810',
  locale,
});

describe('SMS per country (SMS_ROUTES)', () => {
  it('sends +86 numbers through Aliyun and every other number through Twilio', async () => {
    const ali = await aliyun();
    const twilio = await fakeServer(() => ({ status: 201, json: { sid: 'SM1' } }));
    cleanup.push(() => twilio.close());
    const t = await buildTestApp({ SMS_ROUTES: '86:aliyun,*:twilio', ...aliyunEnv(ali), ...twilioEnv(twilio.url) });
    cleanup.push(() => t.close());
    const ask = (phone: string) =>
      t.app.inject({
        method: 'POST',
        url: '/turing/unauthorized/verCode',
        headers: appHeaders('zh'),
        payload: { channel: 'phone', phone, purpose: 'register' },
      });
    expect((await ask('+86 138 0013 8000')).json().status).toBe(200);
    expect((await ask('+1 650 253 0000')).json().status).toBe(200);
    expect(ali.sent).toHaveLength(1);
    expect(ali.sent[0]).toMatchObject({ phoneNumbers: ['13800138000'], signName: ALIYUN_ACCOUNT.signName });
    expect(ali.sent[0]!.templateParam.code).toMatch(/^\d{6}$/);
    expect(twilio.requests).toHaveLength(1);
    expect(new URLSearchParams(twilio.requests[0]!.body).get('To')).toBe('+16502530000');
    expect(readOutbox(t)).toHaveLength(0);
  });

  it('answers a limit on the number at once, in the language of the request', async () => {
    const ali = await aliyun();
    ali.outcomes.push(ALIYUN.businessLimit, ALIYUN.businessLimit);
    const t = await buildTestApp({ SMS_PROVIDER: 'aliyun', ...aliyunEnv(ali) });
    cleanup.push(() => t.close());
    for (const locale of ['en', 'zh'] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/turing/unauthorized/verCode',
        headers: appHeaders(locale),
        payload: { channel: 'phone', phone: '+8613800138000', purpose: 'register' },
      });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'SMS_LIMITED', msg: ERRORS.SMS_LIMITED[locale] });
    }
    // Each request was one attempt, none handed to the queue for another.
    expect(ali.requestsTo('SendSms')).toHaveLength(2);
  });

  it('answers SMS_NUMBER_REFUSED when Tencent refuses the number', async () => {
    const tc = await tencent();
    tc.outcomes.push(TENCENT.incorrectNumber);
    const { messaging, queued } = service({ SMS_PROVIDER: 'tencent', ...tencentEnv(tc) });
    await expect(messaging.sendCode(code('+8613800138000'))).rejects.toMatchObject({ code: 'SMS_NUMBER_REFUSED' });
    expect(queued).toHaveLength(0);
  });
});

describe('SMS faults and the job queue', () => {
  it('queues a code met by throttling or a 500, answers the request, and delivers it on the retry', async () => {
    const ali = await aliyun();
    ali.fail('SendSms', ALIYUN.throttled, ALIYUN.internalError);
    const { messaging, queued } = service({ SMS_PROVIDER: 'aliyun', ...aliyunEnv(ali) });
    await messaging.sendCode(code('+8613800138000'));
    await messaging.sendCode(code('+8613800138001'));
    expect(queued.map((m) => [m.to, m.code])).toEqual([
      ['+8613800138000', '246810'],
      ['+8613800138001', '246810'],
    ]);
    for (const message of queued) await messaging.retry(message);
    expect(ali.sent.map((s) => [s.phoneNumbers, s.templateParam])).toEqual([
      [['13800138000'], { code: '246810' }],
      [['13800138001'], { code: '246810' }],
    ]);
  });

  it('queues a code when the provider hangs (after the timeout) or is down', async () => {
    const tc = await tencent();
    tc.fail('SendSms', 'hang');
    const { messaging, queued } = service({ SMS_PROVIDER: 'tencent', ...tencentEnv(tc) }, { smsTimeoutMs: 150 });
    await messaging.sendCode(code('+8613800138000'));
    await tc.down();
    await messaging.sendCode(code('+8613800138001'));
    expect(queued.map((m) => m.to)).toEqual(['+8613800138000', '+8613800138001']);
    await expect(messaging.retry(queued[0]!)).rejects.toThrow();
  });

  it('ends a queued code refused for good instead of trying it again', async () => {
    const tc = await tencent();
    tc.outcomes.push(TENCENT.dailyLimit);
    const { messaging, lines } = service({ SMS_PROVIDER: 'tencent', ...tencentEnv(tc) });
    const message = { channel: 'phone', to: '+8613800138000', purpose: 'register', code: '1', subject: '', text: '' };
    await messaging.retry(message as QueuedMessage);
    expect(lines.some((l) => l.msg === 'queued message refused; not tried again')).toBe(true);
  });

  it("logs the provider's code and request id, never a key", async () => {
    const ali = await aliyun();
    const { messaging, lines } = service({ SMS_PROVIDER: 'aliyun', ...aliyunEnv(ali, 'wrong-secret-value') });
    await expect(messaging.sendCode(code('+8613800138000'))).rejects.toMatchObject({ code: 'DELIVERY_FAILED' });
    const logged = lines.find((l) => l.msg === 'message delivery failed')!;
    expect(logged.err).toMatchObject({ code: 'SignatureDoesNotMatch', requestId: expect.any(String) });
    expect(JSON.stringify(lines)).not.toContain('wrong-secret-value');
  });

  it('leaves a notice without a code unsent through a provider of codes only', async () => {
    const ali = await aliyun();
    const { messaging, lines } = service({ SMS_PROVIDER: 'aliyun', ...aliyunEnv(ali) });
    await messaging.sendAccountExists({ channel: 'phone', to: '+8613800138000', locale: 'zh' });
    expect(ali.requests).toHaveLength(0);
    expect(lines.some((l) => l.msg === 'notice not sent: SMS codes only')).toBe(true);
  });
});

describe('SMS settings at start', () => {
  it('refuses a provider named by SMS_PROVIDER or SMS_ROUTES whose settings are missing, naming them', () => {
    expect(() => service({ SMS_PROVIDER: 'aliyun', ALIYUN_ACCESS_KEY_ID: 'LTAI' })).toThrow(
      'SMS_PROVIDER=aliyun needs ALIYUN_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME and ALIYUN_SMS_TEMPLATE_CODE',
    );
    expect(() => service({ SMS_ROUTES: '86:tencent,*:twilio', ...twilioEnv('http://127.0.0.1:9') })).toThrow(
      'SMS_ROUTES (86:tencent) needs TENCENTCLOUD_SECRET_ID, TENCENTCLOUD_SECRET_KEY, TENCENT_SMS_SDK_APP_ID, TENCENT_SMS_SIGN_NAME and TENCENT_SMS_TEMPLATE_ID',
    );
    expect(() => service({ SMS_PROVIDER: 'twilio' })).toThrow(
      'SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM',
    );
  });
});
