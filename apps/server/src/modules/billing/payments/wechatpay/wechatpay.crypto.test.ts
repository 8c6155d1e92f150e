import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  answerMessage,
  authorization,
  checkSignature,
  requestMessage,
  rsaSign,
  verifierKeys,
} from './wechatpay.crypto.ts';

// The signing strings as WeChat Pay's "签名生成" and "验证签名" pages give them.
describe('WeChat Pay v3 signing strings', () => {
  it('a request is method, URL, timestamp, nonce and body, each ended by a newline', () => {
    expect(requestMessage('GET', '/v3/certificates', '1554208460', '593BEC0C930BF1AFEB40B4A08C8FB242', '')).toBe(
      'GET\n/v3/certificates\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n',
    );
  });

  it('an answer is timestamp, nonce and body', () => {
    expect(answerMessage('1554209980', 'c5ac7061fccab6bf3e254dcf98995b8c', '{"a":1}')).toBe(
      '1554209980\nc5ac7061fccab6bf3e254dcf98995b8c\n{"a":1}\n',
    );
  });

  it('the Authorization header carries the five documented fields', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const header = authorization(
      { mchId: '1900009191', serial: '1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C', privateKey },
      'GET',
      '/v3/certificates',
      '',
    );
    expect(header).toMatch(
      /^WECHATPAY2-SHA256-RSA2048 mchid="1900009191",nonce_str="[0-9A-F]{32}",signature="[A-Za-z0-9+/=]+",timestamp="\d{10}",serial_no="1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C"$/,
    );
  });
});

describe('checking what WeChat Pay signed', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keys = verifierKeys({
    publicKeyId: 'PUB_KEY_ID_0114232134912410000000000000',
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }) as string,
  });
  const now = 1_800_000_000;
  const signed = (body: string, timestamp = now, signature?: string) => ({
    'wechatpay-timestamp': String(timestamp),
    'wechatpay-nonce': 'n0nce',
    'wechatpay-serial': 'PUB_KEY_ID_0114232134912410000000000000',
    'wechatpay-signature': signature ?? rsaSign(privateKey, answerMessage(String(timestamp), 'n0nce', body)),
  });

  it('accepts its signature and refuses anything else', () => {
    expect(checkSignature(keys, signed('{}'), '{}', now)).toBeNull();
    expect(checkSignature(keys, signed('{}'), '{} ', now)).toBe('bad-signature');
    expect(checkSignature(keys, signed('{}', now - 301), '{}', now)).toBe('stale');
    expect(checkSignature(keys, { ...signed('{}'), 'wechatpay-serial': 'PUB_KEY_ID_1' }, '{}', now)).toBe(
      'unknown-serial',
    );
    expect(checkSignature(keys, {}, '{}', now)).toBe('missing');
    // The probe WeChat Pay sends to see that merchants verify.
    expect(checkSignature(keys, signed('{}', now, 'WECHATPAY/SIGNTEST/abc'), '{}', now)).toBe('bad-signature');
  });
});
