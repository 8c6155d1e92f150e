import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { AlipaySdk, type AlipaySdkCommonResult } from 'alipay-sdk';
import { beijingClock } from '../provider.ts';

/** An answer of Alipay other than 10000: its code (`40004`), sub_code (`ACQ.TRADE_NOT_EXIST`) and sub_msg. */
export class AlipayError extends Error {
  readonly code: string;
  readonly subCode: string;
  /** Alipay's own words (Chinese), shown to the operator with a refused refund. */
  readonly detail: string;
  constructor(method: string, code: string, subCode: string, detail: string) {
    super(`Alipay ${method} answered ${code} ${subCode}${detail ? `: ${detail}` : ''}`);
    this.name = 'AlipayError';
    this.code = code;
    this.subCode = subCode;
    this.detail = detail;
  }

  /** A business failure about this request (40004), not Alipay's own trouble: asking again changes nothing. */
  get refusal() {
    return this.code === '40004' && this.subCode !== 'ACQ.SYSTEM_ERROR';
  }
}

/** A key as the settings hold it: PEM (PKCS#8, PKCS#1 or SPKI) or the bare base64 Alipay's console shows. */
function keyObject(text: string, kind: 'private' | 'public'): KeyObject {
  if (text.startsWith('-----BEGIN')) return kind === 'private' ? createPrivateKey(text) : createPublicKey(text);
  const key = Buffer.from(text.replace(/\s+/g, ''), 'base64');
  for (const type of kind === 'private' ? (['pkcs8', 'pkcs1'] as const) : (['spki', 'pkcs1'] as const)) {
    try {
      return kind === 'private'
        ? createPrivateKey({ key, format: 'der', type: type as 'pkcs8' | 'pkcs1' })
        : createPublicKey({ key, format: 'der', type: type as 'spki' | 'pkcs1' });
    } catch {
      // Not this encoding: the next one.
    }
  }
  throw new Error(`the Alipay ${kind} key is neither PEM nor base64 DER`);
}

/** The SDK takes one PEM form per key: the app's key as PKCS#8, Alipay's as SPKI. */
export const appKeyPem = (text: string) =>
  keyObject(text, 'private').export({ type: 'pkcs8', format: 'pem' }).toString();
const alipayKeyPem = (text: string) => keyObject(text, 'public').export({ type: 'spki', format: 'pem' }).toString();

/** `2026-11-27 18:30:00`: the gateway's times (timestamp, time_expire), in Beijing time. */
export const beijingTime = (at: Date) => beijingClock(at).replace('T', ' ');

export interface AlipayClientOptions {
  appId: string;
  /** The app's private key (signs requests). */
  privateKey: string;
  /** Alipay's public key (signs answers and notifications). */
  alipayPublicKey: string;
  gatewayUrl: string;
  timeoutMs?: number;
}

/**
 * The gateway calls of Alipay's open platform through its official SDK: every request signed
 * with RSA2, every answer's signature checked before it is believed, a bounded wait.
 */
export function createAlipayClient(opts: AlipayClientOptions) {
  const sdk = new AlipaySdk({
    appId: opts.appId,
    privateKey: appKeyPem(opts.privateKey),
    keyType: 'PKCS8',
    alipayPublicKey: alipayKeyPem(opts.alipayPublicKey),
    gateway: opts.gatewayUrl,
    signType: 'RSA2',
    timeout: opts.timeoutMs ?? 10_000,
    // The documented field names (trade_status, total_amount), not camelCased copies.
    camelcase: false,
  });
  // The SDK stamps requests in the process's zone; Alipay reads them as Beijing time.
  const stamp = () => beijingTime(new Date());

  return {
    /** A call over the gateway; its answer when Alipay says 10000, else throws AlipayError (or Error when unreachable). */
    async call(method: string, bizContent: Record<string, unknown>): Promise<AlipaySdkCommonResult> {
      let answer: AlipaySdkCommonResult;
      try {
        answer = await sdk.exec(method, { bizContent, timestamp: stamp() }, { validateSign: true });
      } catch (err) {
        // Unreachable, timed out, a 5xx, not JSON or a signature that fails: no answer to believe.
        throw new Error(`Alipay ${method} could not be asked: ${(err as Error).message.slice(0, 200)}`);
      }
      if (answer.code !== '10000') {
        throw new AlipayError(method, String(answer.code), String(answer.sub_code ?? ''), String(answer.sub_msg ?? ''));
      }
      return answer;
    },

    /** The signed gateway address the browser opens (page and phone payments): made here, nothing sent. */
    pageUrl(method: string, bizContent: Record<string, unknown>, urls: { notifyUrl: string; returnUrl: string }) {
      return sdk.pageExecute(method, 'GET', { bizContent, ...urls, timestamp: stamp() });
    },

    /**
     * Whether a notification's parameters (already URL-decoded) carry Alipay's RSA2 signature over
     * all of them but sign and sign_type, sorted and joined `k=v&…`.
     */
    verifyNotification(params: Record<string, string>) {
      if (params.sign_type !== 'RSA2' || !params.sign) return false;
      try {
        // V2: the values are taken as they are (the form was decoded once already).
        return sdk.checkNotifySignV2(params);
      } catch {
        return false;
      }
    },
  };
}
export type AlipayClient = ReturnType<typeof createAlipayClient>;
