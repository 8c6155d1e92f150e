import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { WECHATPAY_TEST, wechatPayEnv } from '../test-support/providers/wechatpay-test-kit.ts';

const base = { DATA_DIR: '/tmp/turing-config-test' };
const problems = (env: Record<string, string>) => {
  try {
    loadConfig({ ...base, ...env });
    return '';
  } catch (err) {
    return (err as Error).message;
  }
};

describe('the settings of WeChat Pay, Alipay and the SMS routes', () => {
  it('read keys given as a file path, as PEM text with escaped line breaks, or as bare base64', () => {
    const fromFile = loadConfig({ ...base, ...wechatPayEnv('http://127.0.0.1:9') });
    expect(fromFile.WECHATPAY_MCH_PRIVATE_KEY).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    const escaped = fromFile.WECHATPAY_PUBLIC_KEY!.replace(/\n/g, '\\n');
    const fromText = loadConfig({ ...base, ...wechatPayEnv('http://127.0.0.1:9'), WECHATPAY_PUBLIC_KEY: escaped });
    expect(fromText.WECHATPAY_PUBLIC_KEY).toBe(fromFile.WECHATPAY_PUBLIC_KEY);
    const bare = fromFile.WECHATPAY_PUBLIC_KEY!.split('\n').slice(1, -1).join('');
    expect(loadConfig({ ...base, ALIPAY_PUBLIC_KEY: bare }).ALIPAY_PUBLIC_KEY).toBe(bare);
    expect(problems({ WECHATPAY_PUBLIC_KEY: '/no/such/key.pem' })).toContain(
      'WECHATPAY_PUBLIC_KEY: neither a key (PEM or base64) nor a readable file',
    );
  });

  it('refuse half a WeChat Pay or Alipay setup, naming what is missing', () => {
    expect(problems({ WECHATPAY_MCH_ID: WECHATPAY_TEST.mchId })).toContain(
      'WECHATPAY_APP_ID, WECHATPAY_MCH_CERT_SERIAL, WECHATPAY_MCH_PRIVATE_KEY, WECHATPAY_API_V3_KEY: required with WECHATPAY_MCH_ID',
    );
    const noVerifier = { ...wechatPayEnv('http://127.0.0.1:9'), WECHATPAY_PUBLIC_KEY: '', WECHATPAY_PLATFORM_CERT: '' };
    expect(problems(noVerifier)).toContain(
      'WECHATPAY_PUBLIC_KEY_ID with WECHATPAY_PUBLIC_KEY, or WECHATPAY_PLATFORM_CERT',
    );
    expect(problems({ ...wechatPayEnv('http://127.0.0.1:9'), WECHATPAY_API_V3_KEY: 'short' })).toContain(
      'WECHATPAY_API_V3_KEY: must be 32 characters',
    );
    expect(problems({ ALIPAY_APP_ID: '2021000000000000' })).toContain(
      'ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY: required with ALIPAY_APP_ID',
    );
    expect(problems(wechatPayEnv('http://127.0.0.1:9'))).toBe('');
  });

  it('with a real provider, the free development provider is off unless asked for', () => {
    expect(loadConfig({ ...base, ...wechatPayEnv('http://127.0.0.1:9') }).paymentsDev).toBe(false);
    expect(loadConfig({ ...base, ...wechatPayEnv('http://127.0.0.1:9'), PAYMENTS_DEV: 'true' }).paymentsDev).toBe(true);
  });

  it('parse SMS routes by calling code and refuse an unknown provider', () => {
    expect(loadConfig({ ...base, SMS_ROUTES: '86:aliyun, *:twilio' }).SMS_ROUTES).toEqual({
      86: 'aliyun',
      '*': 'twilio',
    });
    expect(problems({ SMS_ROUTES: '86:nexmo' })).toContain(
      '"86:nexmo": expected <calling code or *>:<twilio|aliyun|tencent>',
    );
  });
});
