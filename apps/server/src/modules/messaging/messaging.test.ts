import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { appHeaders, buildTestApp, readOutbox, type TestApp } from '../../../test-support/test-app.ts';
import { buildGenerationApp, until } from '../../../test-support/design-helpers.ts';
import { fakeServer } from '../../../test-support/fake-server.ts';
import { createTwilioSms, SmsDeliveryError } from './sms.ts';

type Locale = 'en' | 'zh';

/** Asks the API for a registration code. */
const askForCode = (t: TestApp, target: { email: string } | { phone: string }, locale: Locale = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/turing/unauthorized/verCode',
    headers: appHeaders(locale),
    payload: { channel: 'email' in target ? 'email' : 'phone', ...target, purpose: 'register' },
  });

/** A local SMTP server with the given behaviour; returns its URL and a way to close it. */
async function smtpServer(options: ConstructorParameters<typeof SMTPServer>[0]) {
  const server = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], ...options });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('e-mail over SMTP', () => {
  const received: { to: string; raw: string }[] = [];
  let smtp: SMTPServer;
  let port = 0;
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (c: Buffer) => (raw += c.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  it('delivers the code in the language of the request, not to the outbox', async () => {
    const t = await buildTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Turing Design <codes@turing.test>',
    });
    try {
      const send = (email: string, locale: Locale) => askForCode(t, { email }, locale);
      expect((await send('smtp-en@example.com', 'en')).json().status).toBe(200);
      expect((await send('smtp-zh@example.com', 'zh')).json().status).toBe(200);
      const en = received.find((m) => m.to === 'smtp-en@example.com')!;
      expect(en.raw).toContain('Subject: Your Turing Design verification code');
      expect(en.raw).toMatch(/Your Turing Design verification code is \d{6}/);
      const zh = received.find((m) => m.to === 'smtp-zh@example.com')!;
      const decoded = Buffer.from(
        zh.raw.split('\r\n\r\n').slice(1).join('\r\n\r\n').replace(/\r\n/g, ''),
        'base64',
      ).toString('utf8');
      expect(zh.raw.includes('验证码') || decoded.includes('验证码') || /=E9=AA=8C/.test(zh.raw)).toBe(true);
      expect(readOutbox(t)).toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  it('answers a clear error and keeps no code when the mail server refuses the address', async () => {
    const refusing = await smtpServer({
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      },
    });
    const t = await buildTestApp({ SMTP_URL: refusing.url });
    try {
      const send = () => askForCode(t, { email: 'nobody@example.com' });
      expect((await send()).json()).toMatchObject({
        code: 'DELIVERY_FAILED',
        msg: 'The code could not be sent, please try again later',
      });
      // The failed attempt does not start the one-minute cooldown.
      expect((await send()).json().code).toBe('DELIVERY_FAILED');
    } finally {
      await t.close();
      await refusing.close();
    }
  });

  it('queues a code the mail server could not take yet and delivers it once it can', async () => {
    const delivered: string[] = [];
    let tries = 0;
    // Busy for the first attempt and the queue's first run, then accepting.
    const flaky = await smtpServer({
      onRcptTo(_address, _session, callback) {
        tries += 1;
        if (tries <= 2) callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        else callback();
      },
      onData(stream, _session, callback) {
        let raw = '';
        stream.on('data', (c: Buffer) => (raw += c.toString()));
        stream.on('end', () => {
          delivered.push(raw);
          callback();
        });
      },
    });
    const t = await buildGenerationApp({ SMTP_URL: flaky.url });
    try {
      expect((await askForCode(t, { email: 'later@example.com' })).json().status).toBe(200);
      const mail = await until(
        async () => delivered,
        (d) => d.length > 0,
        30_000,
      );
      expect(mail).toHaveLength(1);
      const code = /verification code is (\d{6})/.exec(mail[0]!)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      expect(tries).toBeGreaterThanOrEqual(3);
      // The code that arrived late is the one the account is opened with.
      const reg = await t.app.inject({
        method: 'POST',
        url: '/turing/unauthorized/reg',
        headers: appHeaders(),
        payload: {
          email: 'later@example.com',
          code,
          username: 'latecomer',
          password: 'secret123',
          confirmPassword: 'secret123',
          occupation: 'architect',
          agree: true,
        },
      });
      expect(reg.json().status).toBe(200);
    } finally {
      await t.close();
      await flaky.close();
    }
  });
});

describe('SMS through Twilio', () => {
  it('posts the message with basic auth and form fields', async () => {
    const api = await fakeServer(() => ({ status: 201, json: { sid: 'SM1' } }));
    try {
      const sms = createTwilioSms({ accountSid: 'AC1', authToken: 'tok', from: '+15550001111', apiUrl: api.url });
      await sms.send('+8613800138000', 'Your code is 123456');
      const req = api.requests[0]!;
      expect(req.method).toBe('POST');
      expect(req.url).toBe('/2010-04-01/Accounts/AC1/Messages.json');
      expect(req.headers.authorization).toBe(`Basic ${Buffer.from('AC1:tok').toString('base64')}`);
      expect(Object.fromEntries(new URLSearchParams(req.body))).toEqual({
        To: '+8613800138000',
        From: '+15550001111',
        Body: 'Your code is 123456',
      });
    } finally {
      await api.close();
    }
  });

  it('reports the provider error', async () => {
    const api = await fakeServer(() => ({
      status: 400,
      json: { code: 21211, message: "The 'To' number is not valid." },
    }));
    try {
      const sms = createTwilioSms({ accountSid: 'AC1', authToken: 'tok', from: '+1', apiUrl: api.url });
      await expect(sms.send('+1', 'x')).rejects.toThrow(SmsDeliveryError);
    } finally {
      await api.close();
    }
  });

  it('is used for phone codes when configured', async () => {
    const api = await fakeServer(() => ({ status: 201, json: { sid: 'SM2' } }));
    const t = await buildTestApp({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC9',
      TWILIO_AUTH_TOKEN: 'k',
      TWILIO_FROM: '+15550002222',
      TWILIO_API_URL: api.url,
    });
    try {
      const res = await askForCode(t, { phone: '+8613800138001' }, 'zh');
      expect(res.json().status).toBe(200);
      const body = Object.fromEntries(new URLSearchParams(api.requests[0]!.body));
      expect(body.To).toBe('+8613800138001');
      expect(body.Body).toMatch(/【Turing Design】您的验证码是 \d{6}/);
    } finally {
      await t.close();
      await api.close();
    }
  });
});
