import { afterEach, describe, expect, it } from 'vitest';
import { FakeTencentSms, TENCENT, TENCENT_ACCOUNT } from '../../../test-support/providers/fake-tencent-sms.ts';
import { createTencentSms } from './sms.tencent.ts';
import { SmsDeliveryError } from './sms.ts';
import { isPassingFault } from './messaging.service.ts';

const fakes: FakeTencentSms[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close().catch(() => {})));
});

async function setUp(over: { secretKey?: string; timeoutMs?: number } = {}) {
  const fake = await FakeTencentSms.start();
  fakes.push(fake);
  const sms = createTencentSms({
    secretId: TENCENT_ACCOUNT.secretId,
    secretKey: over.secretKey ?? TENCENT_ACCOUNT.secretKey,
    sdkAppId: TENCENT_ACCOUNT.sdkAppId,
    signName: TENCENT_ACCOUNT.signName,
    templateId: TENCENT_ACCOUNT.templateId,
    region: 'ap-guangzhou',
    endpoint: fake.url,
    timeoutMs: over.timeoutMs ?? 2_000,
  });
  return { fake, sms };
}

async function failure(p: Promise<void>): Promise<SmsDeliveryError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SmsDeliveryError);
  return err as SmsDeliveryError;
}

describe('SMS through Tencent Cloud (SendSms 2021-01-11)', () => {
  it('sends the code to the E.164 number with the registered sign and template, TC3-signed', async () => {
    const { fake, sms } = await setUp();
    await sms.send('+8613800138000', 'text the template replaces', '654321');
    expect(fake.sent).toEqual([
      {
        phoneNumber: '+8613800138000',
        smsSdkAppId: TENCENT_ACCOUNT.sdkAppId,
        signName: TENCENT_ACCOUNT.signName,
        templateId: TENCENT_ACCOUNT.templateId,
        templateParamSet: ['654321'],
        region: 'ap-guangzhou',
      },
    ]);
    const request = fake.requestsTo('SendSms')[0]!;
    expect(request.headers).toMatchObject({ 'x-tc-action': 'SendSms', 'x-tc-version': '2021-01-11' });
    expect(request.headers.authorization).toMatch(/\/sms\/tc3_request, SignedHeaders=content-type;host, /);
  });

  it('is refused with AuthFailure.SignatureFailure under a wrong key, which no error names', async () => {
    const { fake, sms } = await setUp({ secretKey: 'not-the-key' });
    const err = await failure(sms.send('+8613800138000', 'x', '123456'));
    expect(err).toMatchObject({ code: 'AuthFailure.SignatureFailure', fault: 'lasting' });
    expect(err.requestId).toMatch(/\w/);
    expect(JSON.stringify({ ...err, message: err.message })).not.toContain('not-the-key');
    expect(fake.sent).toHaveLength(0);
  });

  it('counts a per-number failure in SendStatusSet as a failure: a limit, a malformed number', async () => {
    const { fake, sms } = await setUp();
    fake.outcomes.push(TENCENT.dailyLimit);
    expect(await failure(sms.send('+8613800138000', 'x', '123456'))).toMatchObject({
      status: 200,
      code: 'LimitExceeded.PhoneNumberDailyLimit',
      fault: 'limited',
    });
    expect(await failure(sms.send('+861234', 'x', '123456'))).toMatchObject({
      code: 'InvalidParameterValue.IncorrectPhoneNumber',
      fault: 'refused',
    });
    expect(fake.sent).toHaveLength(0);
  });

  it('counts request throttling, an internal timeout and a 502 as passing faults', async () => {
    const { fake, sms } = await setUp();
    fake.rejections.push(TENCENT.requestLimit, TENCENT.timeout);
    fake.fail('SendSms', 'pass', 'pass', TENCENT.serverError);
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await failure(sms.send('+8613800138000', 'x', '123456')));
    expect(answers.map((e) => [e.code, e.status, e.fault])).toEqual([
      ['RequestLimitExceeded', 200, 'passing'],
      ['InternalError.Timeout', 200, 'passing'],
      [undefined, 502, 'passing'],
    ]);
    expect(answers.every(isPassingFault)).toBe(true);
    await sms.send('+8613800138000', 'x', '123456');
    expect(fake.sent).toHaveLength(1);
  });

  it('gives up on a server that holds the socket open, and on one that is down', async () => {
    const { fake, sms } = await setUp({ timeoutMs: 150 });
    fake.fail('SendSms', 'hang');
    const started = Date.now();
    expect(await failure(sms.send('+8613800138000', 'x', '123456'))).toMatchObject({ fault: 'passing' });
    expect(Date.now() - started).toBeLessThan(2_000);
    await fake.down();
    expect(await failure(sms.send('+8613800138000', 'x', '123456'))).toMatchObject({ fault: 'passing' });
  });
});
