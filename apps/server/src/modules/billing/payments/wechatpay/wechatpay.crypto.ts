import {
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  randomBytes,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';

/**
 * WeChat Pay API v3 signatures (pay.weixin.qq.com/doc/v3/merchant/4012365336 and 4013053249):
 * our requests are signed with the merchant's private key (SHA256 with RSA, PKCS#1 v1.5); WeChat
 * Pay signs its answers and notifications with its public key (`PUB_KEY_ID_…`) or, the older way
 * still used during the migration, with the platform certificate; `Wechatpay-Serial` says which.
 */

/** How far a signed answer's or notification's timestamp may be from our clock. */
const SIGNATURE_MAX_SKEW_SECONDS = 5 * 60;

export interface MerchantKey {
  mchId: string;
  serial: string;
  privateKey: KeyObject;
}

/** `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n`: the request's signing string. */
export const requestMessage = (method: string, pathAndQuery: string, timestamp: string, nonce: string, body: string) =>
  `${method}\n${pathAndQuery}\n${timestamp}\n${nonce}\n${body}\n`;

/** `TIMESTAMP\nNONCE\nBODY\n`: the signing string of an answer or a notification. */
export const answerMessage = (timestamp: string, nonce: string, body: string) => `${timestamp}\n${nonce}\n${body}\n`;

export const rsaSign = (key: KeyObject, message: string) =>
  createSign('RSA-SHA256').update(message).sign(key, 'base64');

/** The Authorization header of a request, signed now with a fresh nonce. */
export function authorization(merchant: MerchantKey, method: string, pathAndQuery: string, body: string) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex').toUpperCase();
  const signature = rsaSign(merchant.privateKey, requestMessage(method, pathAndQuery, timestamp, nonce, body));
  return (
    `WECHATPAY2-SHA256-RSA2048 mchid="${merchant.mchId}",nonce_str="${nonce}",` +
    `signature="${signature}",timestamp="${timestamp}",serial_no="${merchant.serial}"`
  );
}

/** The keys WeChat Pay signs with, by the serial it names: its public key id, the platform certificate's serial. */
export function verifierKeys(opts: { publicKeyId?: string; publicKey?: string; platformCert?: string }) {
  const keys = new Map<string, KeyObject>();
  if (opts.publicKeyId && opts.publicKey) keys.set(opts.publicKeyId.toUpperCase(), loadPublicKey(opts.publicKey));
  if (opts.platformCert) {
    const cert = new X509Certificate(opts.platformCert);
    keys.set(cert.serialNumber.toUpperCase(), cert.publicKey);
  }
  return keys;
}

export type SignatureProblem = 'missing' | 'unknown-serial' | 'stale' | 'bad-signature';

/**
 * Checks the `Wechatpay-*` headers against the exact body: a known serial, a timestamp within five
 * minutes, and a signature by that key. Returns the problem, or null when it is WeChat Pay's.
 */
export function checkSignature(
  keys: Map<string, KeyObject>,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): SignatureProblem | null {
  const one = (name: string) => {
    const value = headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  const timestamp = one('wechatpay-timestamp');
  const nonce = one('wechatpay-nonce');
  const signature = one('wechatpay-signature');
  const serial = one('wechatpay-serial');
  if (!timestamp || !nonce || !signature || !serial || !/^\d{1,12}$/.test(timestamp)) return 'missing';
  const key = keys.get(serial.toUpperCase());
  if (!key) return 'unknown-serial';
  if (Math.abs(nowSeconds - Number(timestamp)) > SIGNATURE_MAX_SKEW_SECONDS) return 'stale';
  // WeChat Pay probes merchants with `WECHATPAY/SIGNTEST/…` signatures that must fail verification.
  let valid = false;
  try {
    valid = createVerify('RSA-SHA256')
      .update(answerMessage(timestamp, nonce, body))
      .verify(key, signature, 'base64');
  } catch {
    valid = false;
  }
  return valid ? null : 'bad-signature';
}

export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  associated_data?: string;
  nonce: string;
}

/** A notification's `resource`: AEAD_AES_256_GCM with the APIv3 key; the last 16 bytes are the tag. */
export function decryptResource(apiV3Key: string, resource: EncryptedResource): string {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') throw new Error(`unsupported algorithm ${resource.algorithm}`);
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length <= 16) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

/** A PEM public key, or a certificate's key, or bare base64 of an SPKI key. */
function loadPublicKey(text: string): KeyObject {
  if (text.includes('BEGIN CERTIFICATE')) return new X509Certificate(text).publicKey;
  if (text.startsWith('-----BEGIN')) return createPublicKey(text);
  return createPublicKey({ key: Buffer.from(text.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'spki' });
}

/** The merchant's API private key: PEM (PKCS#8 as WeChat Pay issues it, or PKCS#1). */
export const loadPrivateKey = (text: string): KeyObject =>
  text.startsWith('-----BEGIN')
    ? createPrivateKey(text)
    : createPrivateKey({ key: Buffer.from(text.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'pkcs8' });
