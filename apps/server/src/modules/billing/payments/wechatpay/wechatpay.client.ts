import type { KeyObject } from 'node:crypto';
import { authorization, checkSignature, type MerchantKey } from './wechatpay.crypto.ts';

/** An answer of WeChat Pay other than 2xx: its HTTP status and its error code (`PARAM_ERROR`, `NOT_ENOUGH`…). */
export class WechatPayError extends Error {
  readonly status: number;
  readonly code: string;
  /** WeChat Pay's own words (Chinese), shown to the operator with a refused refund. */
  readonly detail: string;
  constructor(status: number, code: string, detail: string) {
    super(`WeChat Pay answered ${status} ${code}${detail ? `: ${detail}` : ''}`);
    this.name = 'WechatPayError';
    this.status = status;
    this.code = code;
    this.detail = detail;
  }
}

export interface WechatPayClientOptions {
  apiUrl: string;
  merchant: MerchantKey;
  /** WeChat Pay's keys by serial: every successful answer must be signed by one of them. */
  keys: Map<string, KeyObject>;
  timeoutMs?: number;
}

/**
 * Calls of the API v3: each request signed, each successful answer's signature checked before its
 * body is believed (an answer anyone could have forged must not settle an order).
 */
export function createWechatPayClient(opts: WechatPayClientOptions) {
  const base = opts.apiUrl.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 10_000;

  async function call<T>(method: 'GET' | 'POST', pathAndQuery: string, payload?: object): Promise<T | null> {
    const body = payload ? JSON.stringify(payload) : '';
    const res = await fetch(`${base}${pathAndQuery}`, {
      method,
      headers: {
        authorization: authorization(opts.merchant, method, pathAndQuery, body),
        accept: 'application/json',
        'user-agent': 'turing-design (+wechatpay-v3)',
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload ? { body } : {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    if (!res.ok) {
      let parsed: { code?: unknown; message?: unknown } = {};
      try {
        parsed = JSON.parse(text) as typeof parsed;
      } catch {
        // A proxy's HTML page: the status says enough.
      }
      const code = typeof parsed.code === 'string' ? parsed.code : `HTTP_${res.status}`;
      const message = typeof parsed.message === 'string' ? parsed.message.slice(0, 300) : '';
      throw new WechatPayError(res.status, code, message);
    }
    const problem = checkSignature(opts.keys, Object.fromEntries(res.headers), text);
    if (problem) throw new Error(`WeChat Pay's answer failed verification (${problem})`);
    return text ? (JSON.parse(text) as T) : null;
  }

  return {
    get: <T>(pathAndQuery: string) => call<T>('GET', pathAndQuery),
    post: <T>(path: string, payload: object) => call<T>('POST', path, payload),
  };
}
export type WechatPayClient = ReturnType<typeof createWechatPayClient>;
