import { afterEach, describe, expect, it } from 'vitest';
import { ALIYUN, ALIYUN_ACCOUNT, FakeAliyunSms } from '../../../test-support/providers/fake-aliyun-sms.ts';
import { aliyunNumber, createAliyunSms } from './sms.aliyun.ts';
import { SmsDeliveryError } from './sms.ts';
import { isPassingFault } from './messaging.service.ts';

const fakes: FakeAliyunSms[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close().catch(() => {})));
});

async function setUp(over: { secret?: string; timeoutMs?: number } = {}) {
  const fake = await FakeAliyunSms.start();
  fakes.push(fake);
  const sms = createAliyunSms({
    accessKeyId: ALIYUN_ACCOUNT.keyId,
    accessKeySecret: over.secret ?? ALIYUN_ACCOUNT.secret,
    signName: ALIYUN_ACCOUNT.signName,
    templateCode: ALIYUN_ACCOUNT.templateCode,
    endpoint: fake.url,
    timeoutMs: over.timeoutMs ?? 2_000,
  });
  return { fake, sms };
}

/** The error a send ends with. */
async function failure(p: Promise<void>): Promise<SmsDeliveryError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SmsDeliveryError);
  return err as SmsDeliveryError;
}

describe('SMS through Aliyun (Dysmsapi SendSms)', () => {
  it('sends the code with the registered sign and template, signed as the service checks', async () => {
    const { fake, sms } = await setUp();
    await sms.send('+8613800138000', 'text the template replaces', '123456');
    expect(fake.sent).toEqual([
      {
        phoneNumbers: ['13800138000'],
        signName: ALIYUN_ACCOUNT.signName,
        templateCode: ALIYUN_ACCOUNT.templateCode,
        templateParam: { code: '123456' },
        signedWith: 'V3',
      },
    ]);
  });

  it('writes mainland numbers without +86 and others as country code and number', () => {
    expect(aliyunNumber('+8613800138000')).toBe('13800138000');
    expect(aliyunNumber('+85291234567')).toBe('85291234567');
  });

  it('is refused with SignatureDoesNotMatch under a wrong secret, which no error names', async () => {
    const { fake, sms } = await setUp({ secret: 'not-the-secret' });
    const err = await failure(sms.send('+8613800138000', 'x', '123456'));
    expect(err).toMatchObject({ status: 400, code: 'SignatureDoesNotMatch', fault: 'lasting' });
    expect(err.requestId).toMatch(/\w/);
    expect(JSON.stringify({ ...err, message: err.message })).not.toContain('not-the-secret');
    expect(isPassingFault(err)).toBe(false);
    expect(fake.sent).toHaveLength(0);
  });

  it('tells a limit on the number, a malformed number and the account cap apart from a passing fault', async () => {
    const { fake, sms } = await setUp();
    fake.outcomes.push(ALIYUN.businessLimit);
    expect(await failure(sms.send('+8613800138000', 'x', '123456'))).toMatchObject({
      code: 'isv.BUSINESS_LIMIT_CONTROL',
      fault: 'limited',
    });
    expect(await failure(sms.send('+8612345', 'x', '123456'))).toMatchObject({
      code: 'isv.MOBILE_NUMBER_ILLEGAL',
      fault: 'refused',
    });
    // The account's own daily cap is the operator's to raise: refused at once, but not as the number's limit.
    fake.outcomes.push(ALIYUN.dayLimit);
    const capped = await failure(sms.send('+8613800138000', 'x', '123456'));
    expect(capped).toMatchObject({ code: 'isv.DAY_LIMIT_CONTROL', fault: 'lasting' });
    expect(isPassingFault(capped)).toBe(false);
  });

  it('counts throttling, a 500 and isp.SYSTEM_ERROR as passing faults', async () => {
    const { fake, sms } = await setUp();
    fake.fail('SendSms', ALIYUN.throttled, ALIYUN.internalError);
    fake.outcomes.push(ALIYUN.systemError);
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await failure(sms.send('+8613800138000', 'x', '123456')));
    expect(answers.map((e) => [e.code, e.fault])).toEqual([
      ['Throttling.User', 'passing'],
      ['InternalError', 'passing'],
      ['isp.SYSTEM_ERROR', 'passing'],
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
