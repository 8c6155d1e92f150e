import { createSign, createVerify, type KeyObject } from 'node:crypto';
import path from 'node:path';
import type { Request } from './fake-provider-base.ts';

/** The app and Alipay's keys, as the double and the app under test share them (keys/README.md). */
const keys = path.join(import.meta.dirname, 'keys');

export const ALIPAY_TEST = {
  appId: '2021000148612345',
  /** The merchant's Alipay account (2088…), named seller_id in answers and notifications. */
  sellerId: '2088721000012345',
  files: {
    appKey: path.join(keys, 'alipay-app.key.pem'),
    appPublicKey: path.join(keys, 'alipay-app.pub.pem'),
    platformKey: path.join(keys, 'alipay-platform.key.pem'),
    platformPublicKey: path.join(keys, 'alipay-platform.pub.pem'),
  },
};

/** The settings that point the app at the double (`url` is the double's root). */
export const alipayEnv = (url: string, extra: Record<string, string> = {}) => ({
  ALIPAY_APP_ID: ALIPAY_TEST.appId,
  ALIPAY_PRIVATE_KEY: ALIPAY_TEST.files.appKey,
  ALIPAY_PUBLIC_KEY: ALIPAY_TEST.files.platformPublicKey,
  ALIPAY_GATEWAY_URL: `${url}/gateway.do`,
  ...extra,
});

/**
 * The documented string to sign (opendocs.alipay.com/common/02kf5q, 02mse7): every parameter but
 * those excluded (`sign`; for notifications and return parameters `sign_type` too), empty values
 * dropped, sorted by name in ASCII order, joined as `name=value` with `&`, values as they were
 * before URL encoding.
 */
export function signingString(params: Record<string, string>, exclude: readonly string[]) {
  return Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== '' && params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export const rsa2 = (text: string, key: KeyObject) => createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');

export function rsa2Valid(text: string, signature: string, key: KeyObject) {
  try {
    return createVerify('RSA-SHA256').update(text, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

/** `yyyy-MM-dd HH:mm:ss` in Beijing time, as the gateway writes and reads times. */
export const beijing = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
export const BEIJING_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;
export const epochOf = (time: string) => Date.parse(`${time.replace(' ', 'T')}+08:00`);

/** Yuan with at most two decimals, 0.01 to 100000000 (the documented range of total_amount). */
export function fenOfYuan(amount: unknown): number | null {
  const m = typeof amount === 'string' ? /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(amount) : null;
  if (!m) return null;
  const fen = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return fen >= 1 && fen <= 100_000_000_00 ? fen : null;
}
export const yuanOf = (fen: number) => (fen / 100).toFixed(2);

/** An error answer: `code`, `msg`, `sub_code`, `sub_msg` (opendocs.alipay.com/common/02km9f). */
export interface Failure {
  code: string;
  msg: string;
  sub_code: string;
  sub_msg: string;
}
const MESSAGES: Record<string, string> = {
  '40001': 'Missing Required Arguments',
  '40002': 'Invalid Arguments',
  '40004': 'Business Failed',
};
export const failure = (code: string, subCode: string, subMsg: string): Failure => ({
  code,
  msg: MESSAGES[code]!,
  sub_code: subCode,
  sub_msg: subMsg,
});
export const missing = (name: string, what: string) => failure('40001', `isv.missing-${name}`, `缺少${what}参数`);
export const invalid = (name: string, what: string) => failure('40002', `isv.invalid-${name}`, what);
export const business = (subCode: string, subMsg: string) => failure('40004', subCode, subMsg);

/** The request's parameters: the query's and a form body's together. */
export function paramsOf(req: Request): Record<string, string> {
  const params: Record<string, string> = Object.fromEntries(req.query);
  if (String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
    for (const [k, v] of new URLSearchParams(req.body.toString('utf8'))) params[k] ??= v;
  }
  return params;
}

export type TradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED' | 'TRADE_FINISHED';

export interface Trade {
  app_id: string;
  method: 'alipay.trade.page.pay' | 'alipay.trade.wap.pay';
  out_trade_no: string;
  trade_no: string;
  subject: string;
  product_code: string;
  total: number;
  /** Epoch ms of time_expire, or null without one. */
  expires: number | null;
  time_expire: string | null;
  notify_url: string | null;
  return_url: string | null;
  status: TradeStatus;
  created: number;
  paid: number | null;
  closed: number | null;
  refunded: number;
  refunds: Map<string, { amount: number; at: number }>;
  /** The out_request_no of the latest refund. */
  lastRefund: string | null;
}

const BUYER = { buyer_id: '2088102177846880', buyer_logon_id: '159****5620' };

/** A trade as alipay.trade.query answers it (the business part of `alipay_trade_query_response`). */
export function queryView(t: Trade) {
  const paid = t.status !== 'WAIT_BUYER_PAY' && t.paid !== null;
  return {
    code: '10000',
    msg: 'Success',
    trade_no: t.trade_no,
    out_trade_no: t.out_trade_no,
    trade_status: t.status,
    total_amount: yuanOf(t.total),
    ...(paid
      ? {
          buyer_logon_id: BUYER.buyer_logon_id,
          buyer_user_id: BUYER.buyer_id,
          buyer_pay_amount: yuanOf(t.total),
          invoice_amount: yuanOf(t.total),
          receipt_amount: yuanOf(t.total),
          point_amount: '0.00',
          send_pay_date: beijing(t.paid!),
        }
      : {}),
  };
}

/** A refund as alipay.trade.fastpay.refund.query answers it: without refund_status when none was received. */
export function refundQueryView(t: Trade, requestNo: string) {
  const refund = t.refunds.get(requestNo);
  if (!refund) return { code: '10000', msg: 'Success' };
  return {
    code: '10000',
    msg: 'Success',
    trade_no: t.trade_no,
    out_trade_no: t.out_trade_no,
    out_request_no: requestNo,
    total_amount: yuanOf(t.total),
    refund_amount: yuanOf(refund.amount),
    refund_status: 'REFUND_SUCCESS',
    gmt_refund_pay: beijing(refund.at),
  };
}

/**
 * The asynchronous notification's parameters (trade_status_sync) for a trade as it stands: a
 * payment, or once money went back, the refund (refund_fee, gmt_refund, out_biz_no).
 */
export function notificationParams(t: Trade, now: number, notifyId: string): Record<string, string> {
  const total = yuanOf(t.total);
  return {
    notify_time: beijing(now),
    notify_type: 'trade_status_sync',
    notify_id: notifyId,
    app_id: t.app_id,
    auth_app_id: t.app_id,
    charset: 'utf-8',
    version: '1.0',
    trade_no: t.trade_no,
    out_trade_no: t.out_trade_no,
    ...BUYER,
    seller_id: ALIPAY_TEST.sellerId,
    trade_status: t.status,
    total_amount: total,
    receipt_amount: total,
    invoice_amount: total,
    buyer_pay_amount: total,
    point_amount: '0.00',
    subject: t.subject,
    gmt_create: beijing(t.created),
    ...(t.paid ? { gmt_payment: beijing(t.paid) } : {}),
    // Alipay sends this JSON HTML-escaped, so its value holds `&` and `;` once decoded.
    fund_bill_list: `[{&quot;amount&quot;:&quot;${total}&quot;,&quot;fundChannel&quot;:&quot;ALIPAYACCOUNT&quot;}]`,
    ...(t.refunded > 0
      ? {
          out_biz_no: t.lastRefund ?? '',
          refund_fee: yuanOf(t.refunded),
          gmt_refund: `${beijing(t.refunds.get(t.lastRefund ?? '')?.at ?? now)}.000`,
        }
      : {}),
    ...(t.closed ? { gmt_close: beijing(t.closed) } : {}),
  };
}

/** The signed parameters Alipay adds to return_url after paying (同步返回), as a query string. */
export function returnParams(t: Trade, now: number, signer: KeyObject) {
  const back: Record<string, string> = {
    charset: 'utf-8',
    out_trade_no: t.out_trade_no,
    method: `${t.method}.return`,
    total_amount: yuanOf(t.total),
    trade_no: t.trade_no,
    auth_app_id: t.app_id,
    version: '1.0',
    app_id: t.app_id,
    seller_id: ALIPAY_TEST.sellerId,
    timestamp: beijing(now),
  };
  const sign = rsa2(signingString(back, ['sign', 'sign_type']), signer);
  return new URLSearchParams({ ...back, sign, sign_type: 'RSA2' }).toString();
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The double's cashier: the order's title and amount, and a Pay button that pays it. */
export const cashierPage = (t: Trade) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Alipay cashier (test double)</title></head>
<body>
  <h1>Alipay</h1>
  <p data-testid="alipay-subject">${escape(t.subject)}</p>
  <p>Amount: <strong data-testid="alipay-amount">¥${yuanOf(t.total)}</strong></p>
  <form method="post" action="/cashier/pay">
    <input type="hidden" name="out_trade_no" value="${escape(t.out_trade_no)}">
    <button type="submit" data-testid="alipay-pay">Pay</button>
  </form>
</body></html>`;

/** The gateway's error page for a page payment it refuses (the code and sub_code as Alipay shows them). */
export const errorPage = (e: { code: string; sub_code: string; sub_msg: string }) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Alipay error</title></head>
<body><h1>Alipay could not take this payment</h1>
<p>Error code: <span data-testid="alipay-error">${escape(e.sub_code)}</span> (${escape(e.code)})</p>
<p>${escape(e.sub_msg)}</p></body></html>`;
