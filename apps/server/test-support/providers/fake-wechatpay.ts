import { createPrivateKey, createPublicKey, createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';
import { FakeProviderBase, type Reply, type Request } from './fake-provider-base.ts';
import {
  pem,
  refundView,
  sealResource,
  transactionView,
  WECHATPAY_TEST,
  type Refund,
  type Trade,
} from './wechatpay-test-kit.ts';

export { WECHATPAY_TEST, wechatPayEnv } from './wechatpay-test-kit.ts';

/**
 * WeChat Pay API v3 as its merchant documentation describes it (pay.weixin.qq.com/doc/v3/merchant):
 * every request's `WECHATPAY2-SHA256-RSA2048` Authorization checked (mchid, serial_no, a timestamp
 * within five minutes, the signature over `METHOD\nURL\nTIMESTAMP\nNONCE\nBODY\n` by the merchant's
 * key), answers signed over `TIMESTAMP\nNONCE\nBODY\n` with WeChat Pay's public key
 * (`PUB_KEY_ID_…`) or the platform certificate, and notifications whose `resource` is
 * AEAD_AES_256_GCM-encrypted with the APIv3 key. Orders, payments, closes and refunds are kept by
 * out_trade_no; faults come from the base (`fail('refund', {status: 500, …})`, 'hang').
 */

type Signer = 'publickey' | 'platform';

const route = (req: Request) => {
  const p = req.path;
  if (p === '/v3/pay/transactions/native') return 'native';
  if (p === '/v3/pay/transactions/h5') return 'h5';
  if (/^\/v3\/pay\/transactions\/out-trade-no\/[^/]+\/close$/.test(p)) return 'close';
  if (p.startsWith('/v3/pay/transactions/out-trade-no/')) return 'query';
  if (p === '/v3/refund/domestic/refunds') return 'refund';
  if (p.startsWith('/v3/refund/domestic/refunds/')) return 'refund-query';
  if (p.startsWith('/_test/')) return 'control';
  return 'unknown';
};

const error = (status: number, code: string, message: string): Reply => ({ status, json: { code, message } });

export class FakeWechatPay extends FakeProviderBase {
  readonly trades = new Map<string, Trade>();
  readonly refunds = new Map<string, Refund>();
  /** Which key signs answers and notifications (WeChat Pay's migration: either may). */
  signer: Signer = 'publickey';
  /** How a refund answers at first: PROCESSING (confirmed later by a notification) or SUCCESS at once. */
  refundAnswer: 'PROCESSING' | 'SUCCESS' = 'PROCESSING';
  /** The merchant's balance cannot cover refunds: 403 NOT_ENOUGH. */
  refundsRefused = false;
  /** The next answers carry a signature that does not verify. */
  forgeAnswers = 0;
  private readonly merchantKey = createPublicKey(pem('wechatpay-merchant.pub.pem'));
  private readonly publicKeySigner = createPrivateKey(pem('wechatpay-publickey.key.pem'));
  private readonly platformSigner = createPrivateKey(pem('wechatpay-platform.key.pem'));
  private sequence = 0;

  constructor() {
    super(route, (req) => this.answer(req));
  }

  /** `TIMESTAMP\nNONCE\nBODY\n` signed as WeChat Pay signs answers and notifications. */
  signedHeaders(body: string, opts: { signer?: Signer; timestamp?: number } = {}) {
    const signer = opts.signer ?? this.signer;
    const timestamp = String(opts.timestamp ?? Math.floor(this.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const key: KeyObject = signer === 'publickey' ? this.publicKeySigner : this.platformSigner;
    const signature = createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).sign(key, 'base64');
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': signer === 'publickey' ? WECHATPAY_TEST.publicKeyId : WECHATPAY_TEST.platformSerial,
      'request-id': `08${randomBytes(12).toString('hex').toUpperCase()}`,
    };
  }

  private signed(status: number, payload: unknown): Reply {
    const text = payload === undefined ? '' : JSON.stringify(payload);
    const headers: Record<string, string> = { ...this.signedHeaders(text), 'content-type': 'application/json' };
    if (this.forgeAnswers > 0) {
      this.forgeAnswers -= 1;
      headers['wechatpay-signature'] = Buffer.from('forged').toString('base64');
    }
    return { status, headers, text };
  }

  /** The documented Authorization check; null when it holds. */
  private authProblem(req: Request): Reply | null {
    const header = req.headers.authorization ?? '';
    const m = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(header);
    if (!m) return error(401, 'SIGN_ERROR', '缺少认证信息');
    const fields = Object.fromEntries([...m[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((f) => [f[1]!, f[2]!]));
    if (fields.mchid !== WECHATPAY_TEST.mchId) return error(401, 'SIGN_ERROR', '商户号不匹配');
    if (fields.serial_no !== WECHATPAY_TEST.merchantSerial) return error(401, 'SIGN_ERROR', '证书序列号不匹配');
    if (Math.abs(Math.floor(this.now() / 1000) - Number(fields.timestamp)) > 300) {
      return error(401, 'SIGN_ERROR', '请求时间戳已过期');
    }
    if (!req.headers['user-agent']) return error(400, 'INVALID_REQUEST', '缺少 User-Agent');
    const url = `${req.path}${req.query.size ? `?${req.query.toString()}` : ''}`;
    const message = `${req.method}\n${url}\n${fields.timestamp}\n${fields.nonce_str}\n${req.body.toString('utf8')}\n`;
    const valid = createVerify('RSA-SHA256')
      .update(message)
      .verify(this.merchantKey, fields.signature ?? '', 'base64');
    return valid ? null : error(401, 'SIGN_ERROR', '签名错误');
  }

  private expired(t: Trade) {
    return Date.parse(t.time_expire) <= this.now();
  }

  private order(req: Request, kind: Trade['kind']): Reply {
    const b = (req.json ?? {}) as Record<string, unknown>;
    const amount = (b.amount ?? {}) as { total?: unknown; currency?: unknown };
    const no = typeof b.out_trade_no === 'string' ? b.out_trade_no : '';
    if (b.appid !== WECHATPAY_TEST.appId || b.mchid !== WECHATPAY_TEST.mchId) {
      return error(400, 'APPID_MCHID_NOT_MATCH', 'AppID和mch_id不匹配');
    }
    if (!/^[A-Za-z0-9_*|-]{6,32}$/.test(no)) return error(400, 'PARAM_ERROR', 'out_trade_no 格式错误');
    if (typeof b.description !== 'string' || [...b.description].length > 127 || !b.description) {
      return error(400, 'PARAM_ERROR', 'description 长度错误');
    }
    if (!Number.isInteger(amount.total) || (amount.total as number) < 1 || amount.currency !== 'CNY') {
      return error(400, 'PARAM_ERROR', 'amount 错误');
    }
    if (typeof b.time_expire !== 'string' || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/.test(b.time_expire)) {
      return error(400, 'PARAM_ERROR', 'time_expire 格式错误');
    }
    if (typeof b.notify_url !== 'string' || !/^https?:\/\/[^?]+$/.test(b.notify_url)) {
      return error(400, 'PARAM_ERROR', 'notify_url 格式错误');
    }
    const scene = b.scene_info as { payer_client_ip?: unknown; h5_info?: { type?: unknown } } | undefined;
    if (kind === 'MWEB' && (typeof scene?.payer_client_ip !== 'string' || !scene.h5_info?.type)) {
      return error(400, 'PARAM_ERROR', 'scene_info 缺失');
    }
    const body = JSON.stringify({ ...b, scene_info: undefined });
    const existing = this.trades.get(no);
    // The same order again (a retry) gets the same answer; another order under the number is refused.
    if (existing && (existing.body !== body || existing.kind !== kind)) {
      return error(403, 'OUT_TRADE_NO_USED', '商户订单号重复');
    }
    if (existing && existing.state !== 'NOTPAY') return error(400, 'ORDER_CLOSED', '订单已关闭');
    const trade: Trade = existing ?? {
      appid: b.appid,
      mchid: b.mchid,
      out_trade_no: no,
      description: b.description,
      notify_url: b.notify_url,
      time_expire: b.time_expire,
      total: amount.total as number,
      kind,
      state: 'NOTPAY',
      transaction_id: null,
      body,
    };
    this.trades.set(no, trade);
    const prepay = `wx${no.slice(0, 20)}`;
    return kind === 'NATIVE'
      ? this.signed(200, { code_url: `weixin://wxpay/bizpayurl?pr=${no.slice(0, 7)}` })
      : this.signed(200, {
          h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${prepay}&package=1037687096`,
        });
  }

  private refund(req: Request): Reply {
    const b = (req.json ?? {}) as { out_trade_no?: string; out_refund_no?: string; amount?: Record<string, unknown> };
    const trade = this.trades.get(b.out_trade_no ?? '');
    if (!trade) return error(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
    const known = this.refunds.get(b.out_refund_no ?? '');
    if (known) return this.signed(200, refundView(known, this.trades.get(known.out_trade_no)!, this.now()));
    if (trade.state !== 'SUCCESS') return error(400, 'INVALID_REQUEST', '订单状态不允许退款');
    const amount = b.amount ?? {};
    if (amount.total !== trade.total || amount.currency !== 'CNY' || typeof amount.refund !== 'number') {
      return error(400, 'PARAM_ERROR', '订单金额或退款金额与之前请求不一致');
    }
    if (amount.refund > trade.total || amount.refund < 1) return error(400, 'PARAM_ERROR', '退款金额错误');
    if (this.refundsRefused) return error(403, 'NOT_ENOUGH', '基本账户余额不足，请充值后重新发起');
    const refund: Refund = {
      out_refund_no: b.out_refund_no!,
      out_trade_no: trade.out_trade_no,
      refund_id: `50000${String(++this.sequence).padStart(24, '0')}`,
      status: this.refundAnswer,
      refund: amount.refund,
      total: trade.total,
    };
    this.refunds.set(refund.out_refund_no, refund);
    if (refund.status === 'SUCCESS' && refund.refund === trade.total) trade.state = 'REFUND';
    return this.signed(200, refundView(refund, this.trades.get(refund.out_trade_no)!, this.now()));
  }

  private answer(req: Request): Reply {
    const name = route(req);
    if (name === 'control') return this.control(req);
    const problem = this.authProblem(req);
    if (problem) return problem;
    const no = decodeURIComponent(req.path.split('/')[5] ?? '');
    switch (name) {
      case 'native':
        return this.order(req, 'NATIVE');
      case 'h5':
        return this.order(req, 'MWEB');
      case 'query': {
        if (req.query.get('mchid') !== WECHATPAY_TEST.mchId) return error(400, 'PARAM_ERROR', 'mchid 错误');
        const trade = this.trades.get(no);
        return trade
          ? this.signed(200, transactionView(trade, this.now()))
          : error(404, 'ORDER_NOT_EXIST', '订单不存在');
      }
      case 'close': {
        const trade = this.trades.get(no);
        if (!trade) return error(404, 'ORDER_NOT_EXIST', '订单不存在');
        if (trade.state === 'CLOSED') return error(400, 'ORDER_CLOSED', '订单已关闭');
        if (trade.state !== 'NOTPAY') return error(400, 'INVALID_REQUEST', '订单已支付');
        trade.state = 'CLOSED';
        return this.signed(204, undefined);
      }
      case 'refund':
        return this.refund(req);
      case 'refund-query': {
        const refund = this.refunds.get(decodeURIComponent(req.path.split('/')[5] ?? ''));
        return refund
          ? this.signed(200, refundView(refund, this.trades.get(refund.out_trade_no)!, this.now()))
          : error(404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
      }
      default:
        return error(404, 'NOT_FOUND', '接口不存在');
    }
  }

  /** The payer scans and pays: false when the order cannot be paid (closed, expired, unknown). */
  pay(outTradeNo: string) {
    const trade = this.trades.get(outTradeNo);
    if (!trade || trade.state !== 'NOTPAY' || this.expired(trade)) return false;
    trade.state = 'SUCCESS';
    trade.transaction_id = `42000${String(++this.sequence).padStart(23, '0')}`;
    return true;
  }

  /** WeChat Pay finishes a refund it accepted as PROCESSING (or fails it: ABNORMAL). */
  settleRefund(outRefundNo: string, status: 'SUCCESS' | 'ABNORMAL' = 'SUCCESS') {
    const refund = this.refunds.get(outRefundNo)!;
    refund.status = status;
    if (status === 'SUCCESS') this.trades.get(refund.out_trade_no)!.state = 'REFUND';
  }

  /** A notification as WeChat Pay posts it: signed headers and the JSON body with the encrypted resource. */
  notification(
    kind: 'payment' | 'refund',
    outTradeNo: string,
    opts: { signer?: Signer; timestamp?: number; plain?: Record<string, unknown>; key?: string; id?: string } = {},
  ) {
    const trade = this.trades.get(outTradeNo)!;
    const refund = [...this.refunds.values()].find((r) => r.out_trade_no === outTradeNo);
    const plain: Record<string, unknown> =
      kind === 'payment'
        ? { ...transactionView(trade, this.now()), ...opts.plain }
        : {
            mchid: trade.mchid,
            out_trade_no: outTradeNo,
            transaction_id: trade.transaction_id,
            out_refund_no: refund?.out_refund_no,
            refund_id: refund?.refund_id,
            refund_status: refund?.status,
            success_time: new Date(this.now()).toISOString(),
            user_received_account: '支付用户零钱',
            amount: {
              total: trade.total,
              refund: refund?.refund,
              payer_total: trade.total,
              payer_refund: refund?.refund,
            },
            ...opts.plain,
          };
    const aad = kind === 'payment' ? 'transaction' : 'refund';
    const eventType = kind === 'payment' ? 'TRANSACTION.SUCCESS' : `REFUND.${String(plain.refund_status ?? 'SUCCESS')}`;
    const body = JSON.stringify({
      id: opts.id ?? `EV-${randomBytes(8).toString('hex')}`,
      create_time: new Date(this.now()).toISOString(),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: kind === 'payment' ? '支付成功' : '退款成功',
      resource: sealResource(JSON.stringify(plain), aad, opts.key ?? WECHATPAY_TEST.apiV3Key),
    });
    const headers = { 'content-type': 'application/json', ...this.signedHeaders(body, opts) };
    return { headers, body, notifyUrl: trade.notify_url };
  }

  /** Pays a trade and posts its notification to the notify_url, as after a scan (journeys drive it over HTTP). */
  async payAndNotify(outTradeNo: string) {
    if (!this.pay(outTradeNo)) return false;
    const { headers, body, notifyUrl } = this.notification('payment', outTradeNo);
    await fetch(notifyUrl, { method: 'POST', headers, body }).catch(() => undefined);
    return true;
  }

  /** `POST /_test/pay/<out_trade_no>` (a journey's stand-in for the phone that scans) and `GET /_test/trades`. */
  private control(req: Request): Reply {
    const pay = /^\/_test\/pay\/([\w*|-]+)$/.exec(req.path);
    if (req.method === 'POST' && pay) {
      const ok = this.pay(pay[1]!);
      if (ok) {
        const { headers, body, notifyUrl } = this.notification('payment', pay[1]!);
        void fetch(notifyUrl, { method: 'POST', headers, body }).catch(() => undefined);
      }
      return { status: ok ? 200 : 409, json: { paid: ok } };
    }
    if (req.path === '/_test/trades') return { status: 200, json: [...this.trades.values()] };
    return { status: 404, json: {} };
  }
}

export const startFakeWechatPay = async (port = 0) => new FakeWechatPay().listen(port);

// Run on its own for browser journeys: `node fake-wechatpay.ts --port 4780`.
if (process.argv[1] === import.meta.filename) {
  const at = process.argv.indexOf('--port');
  const fake = await startFakeWechatPay(at > 0 ? Number(process.argv[at + 1]) : 0);
  console.log(`fake WeChat Pay on ${fake.url}`);
}
