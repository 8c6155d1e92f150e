import { createPrivateKey, createPublicKey, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  ALIPAY_TEST,
  business,
  invalid,
  missing,
  failure,
  paramsOf,
  returnParams,
  type Failure,
  BEIJING_TIME,
  beijing,
  cashierPage,
  epochOf,
  errorPage,
  fenOfYuan,
  notificationParams,
  queryView,
  refundQueryView,
  rsa2,
  rsa2Valid,
  signingString,
  yuanOf,
  type Trade,
} from './alipay-test-kit.ts';
import { FakeProviderBase, type Reply, type Request } from './fake-provider-base.ts';

export { ALIPAY_TEST, alipayEnv } from './alipay-test-kit.ts';

/**
 * Alipay's open-platform gateway (`/gateway.do`) as its documentation describes it
 * (opendocs.alipay.com): the common parameters of every request checked (app_id, method, charset,
 * sign_type RSA2, timestamp `yyyy-MM-dd HH:mm:ss`, version) and its signature verified with the
 * app's public key over the sorted parameters; answers `{"<method>_response":{…},"sign":"…"}`
 * signed over the exact JSON text of the `_response` member with Alipay's key; errors as
 * `code`/`msg`/`sub_code`/`sub_msg`. page.pay and wap.pay open a cashier page whose Pay button pays
 * the trade, posts the signed asynchronous notification to notify_url and sends the browser to
 * return_url. Trades are kept by out_trade_no and close at their time_expire.
 */

type Trouble = 'SYSTEM_ERROR' | 'BAD_SIGN' | 'NOT_JSON';
type Answer = Record<string, unknown>;

const PAGE_METHODS = { 'alipay.trade.page.pay': 'FAST_INSTANT_TRADE_PAY', 'alipay.trade.wap.pay': 'QUICK_WAP_WAY' };
const API_METHODS = [
  'alipay.trade.query',
  'alipay.trade.close',
  'alipay.trade.refund',
  'alipay.trade.fastpay.refund.query',
];

const route = (req: Request) => {
  if (req.path === '/gateway.do') return paramsOf(req).method ?? 'gateway';
  if (req.path === '/cashier/pay') return 'cashier';
  if (req.path.startsWith('/_test/')) return 'control';
  return 'unknown';
};

export class FakeAlipay extends FakeProviderBase {
  readonly trades = new Map<string, Trade>();
  /** The merchant's balance cannot cover refunds: ACQ.SELLER_BALANCE_NOT_ENOUGH. */
  refundsRefused = false;
  /**
   * How a notification reaches notify_url: a real POST by default (a journey's server); a test
   * hands it to its app instead, or drops it (null) to see the app ask without one.
   */
  deliver: ((url: string, body: string) => Promise<unknown>) | null = (url, body) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body,
      signal: AbortSignal.timeout(5_000),
    });
  private readonly appKey = createPublicKey(readFileSync(ALIPAY_TEST.files.appPublicKey, 'utf8'));
  private readonly signer = createPrivateKey(readFileSync(ALIPAY_TEST.files.platformKey, 'utf8'));
  private readonly troubles = new Map<string, Trouble[]>();
  private sequence = 0;

  constructor() {
    super(route, (req) => this.answer(req));
  }

  /** The next calls of `method` meet these documented failures, in order. */
  trouble(method: string, ...kinds: Trouble[]) {
    this.troubles.set(method, [...(this.troubles.get(method) ?? []), ...kinds]);
  }

  /** `{"<method>_response":{…},"sign":"…"}`, signed over the member's exact text. */
  private signed(method: string, answer: Answer | Failure): Reply {
    const trouble = this.troubles.get(method)?.shift();
    if (trouble === 'NOT_JSON') return { status: 200, text: '<html><body>502 Bad Gateway</body></html>' };
    const body = trouble === 'SYSTEM_ERROR' ? business('ACQ.SYSTEM_ERROR', '系统错误') : answer;
    const key = API_METHODS.includes(method) ? `${method.replaceAll('.', '_')}_response` : 'error_response';
    const inner = JSON.stringify(body);
    const sign = rsa2(trouble === 'BAD_SIGN' ? `${inner} ` : inner, this.signer);
    return {
      status: 200,
      headers: { 'content-type': 'text/html;charset=utf-8' },
      text: `{"${key}":${inner},"sign":"${sign}"}`,
    };
  }

  /** The documented common-parameter and signature checks; the error, or null when the request holds. */
  private commonProblem(p: Record<string, string>): Failure | null {
    if (!p.app_id) return missing('app-id', 'AppID');
    if (p.app_id !== ALIPAY_TEST.appId) return invalid('app-id', '无效的AppID参数');
    if (!p.sign) return missing('signature', '签名');
    if (!p.sign_type) return missing('signature-type', '签名类型');
    if (p.sign_type !== 'RSA2') return invalid('signature-type', '无效签名类型');
    if (!p.timestamp) return missing('timestamp', '时间戳');
    if (!BEIJING_TIME.test(p.timestamp)) return invalid('timestamp', '非法的时间戳参数');
    if (!p.version) return missing('version', '版本');
    if (p.charset && p.charset.toLowerCase() !== 'utf-8') return invalid('charset', '字符集错误');
    const text = signingString(p, ['sign']);
    if (!rsa2Valid(text, p.sign, this.appKey)) {
      return invalid(
        'signature',
        `验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配，网关生成的验签字符串为：${text}`,
      );
    }
    return null;
  }

  private answer(req: Request): Reply | Promise<Reply> {
    const name = route(req);
    if (name === 'control') return this.control(req);
    if (name === 'cashier') return this.cashier(req);
    if (req.path !== '/gateway.do') return { status: 404, text: 'not found' };
    const p = paramsOf(req);
    const method = p.method ?? '';
    if (!method) return this.signed('', missing('method', '方法名'));
    const page = method in PAGE_METHODS;
    if (!page && !API_METHODS.includes(method)) return this.signed(method, invalid('method', '不存在的方法名'));
    if (!page && req.method !== 'POST')
      return this.signed(method, failure('40002', 'isv.invalid-request-method', '不支持POST以外请求'));
    let biz: Answer;
    try {
      biz = JSON.parse(p.biz_content ?? '{}') as Answer;
    } catch {
      biz = { malformed: true };
    }
    const problem =
      this.commonProblem(p) ?? (biz.malformed ? invalid('parameter', 'biz_content 不是合法的JSON') : null);
    if (page) return this.page(method as keyof typeof PAGE_METHODS, p, biz, problem);
    if (problem) return this.signed(method, problem);
    const trade = this.trades.get(String(biz.out_trade_no ?? ''));
    if (!trade) {
      // The refund query of a refund never received answers success, without a refund_status.
      if (method === 'alipay.trade.fastpay.refund.query') return this.signed(method, { code: '10000', msg: 'Success' });
      return this.signed(method, business('ACQ.TRADE_NOT_EXIST', '交易不存在'));
    }
    this.expire(trade);
    switch (method) {
      case 'alipay.trade.query':
        return this.signed(method, queryView(trade));
      case 'alipay.trade.close':
        if (trade.status !== 'WAIT_BUYER_PAY')
          return this.signed(method, business('ACQ.TRADE_STATUS_ERROR', '交易状态不合法'));
        trade.status = 'TRADE_CLOSED';
        trade.closed = this.now();
        return this.signed(method, {
          code: '10000',
          msg: 'Success',
          trade_no: trade.trade_no,
          out_trade_no: trade.out_trade_no,
        });
      case 'alipay.trade.refund':
        return this.signed(method, this.refund(trade, biz));
      default:
        return this.signed(method, refundQueryView(trade, String(biz.out_request_no ?? trade.out_trade_no)));
    }
  }

  /** alipay.trade.page.pay / wap.pay opened by the browser: the trade made (or found) and its cashier. */
  private page(
    method: keyof typeof PAGE_METHODS,
    p: Record<string, string>,
    biz: Answer,
    problem: Failure | null,
  ): Reply {
    const refuse = (e: Failure) => ({ status: 400, text: errorPage(e) });
    if (problem) return refuse(problem);
    const no = typeof biz.out_trade_no === 'string' ? biz.out_trade_no : '';
    const total = fenOfYuan(biz.total_amount);
    const subject = typeof biz.subject === 'string' ? biz.subject : '';
    const expire = typeof biz.time_expire === 'string' ? biz.time_expire : null;
    if (!/^[A-Za-z0-9_]{1,64}$/.test(no)) return refuse(invalid('parameter', 'out_trade_no 不合法'));
    if (total === null) return refuse(invalid('parameter', 'total_amount 不合法'));
    if (!subject || [...subject].length > 256) return refuse(invalid('parameter', 'subject 不合法'));
    if (biz.product_code !== PAGE_METHODS[method]) return refuse(invalid('parameter', 'product_code 不合法'));
    if (expire !== null && !BEIJING_TIME.test(expire)) return refuse(invalid('parameter', 'time_expire 格式错误'));
    let trade = this.trades.get(no);
    if (trade && trade.total !== total) return refuse(business('ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改'));
    if (!trade) {
      trade = {
        app_id: p.app_id!,
        method,
        out_trade_no: no,
        trade_no: `${beijing(this.now()).replace(/\D/g, '').slice(0, 8)}22001${String(++this.sequence).padStart(15, '0')}`,
        subject,
        product_code: String(biz.product_code),
        total,
        expires: expire ? epochOf(expire) : null,
        time_expire: expire,
        notify_url: p.notify_url ?? null,
        return_url: p.return_url ?? null,
        status: 'WAIT_BUYER_PAY',
        created: this.now(),
        paid: null,
        closed: null,
        refunded: 0,
        refunds: new Map(),
        lastRefund: null,
      };
      this.trades.set(no, trade);
    }
    this.expire(trade);
    if (trade.status === 'TRADE_CLOSED') return refuse(business('ACQ.TRADE_HAS_CLOSE', '交易已经关闭'));
    if (trade.status !== 'WAIT_BUYER_PAY') return refuse(business('ACQ.TRADE_HAS_SUCCESS', '交易已被支付'));
    return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, text: cashierPage(trade) };
  }

  private refund(trade: Trade, biz: Answer): Answer | Failure {
    const requestNo = String(biz.out_request_no ?? trade.out_trade_no);
    const amount = fenOfYuan(biz.refund_amount);
    if (amount === null) return invalid('parameter', 'refund_amount 不合法');
    const known = trade.refunds.get(requestNo);
    if (known && known.amount !== amount) return business('ACQ.DISCORDANT_REPEAT_REQUEST', '请求信息不一致');
    if (!known) {
      if (trade.status !== 'TRADE_SUCCESS') return business('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
      if (amount > trade.total - trade.refunded) return business('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
      if (this.refundsRefused) return business('ACQ.SELLER_BALANCE_NOT_ENOUGH', '卖家余额不足');
      trade.refunds.set(requestNo, { amount, at: this.now() });
      trade.refunded += amount;
      trade.lastRefund = requestNo;
      if (trade.refunded === trade.total) {
        trade.status = 'TRADE_CLOSED';
        trade.closed = this.now();
      }
    }
    return {
      code: '10000',
      msg: 'Success',
      trade_no: trade.trade_no,
      out_trade_no: trade.out_trade_no,
      buyer_logon_id: '159****5620',
      // A repeat of a refund made before moves no money: N.
      fund_change: known ? 'N' : 'Y',
      refund_fee: yuanOf(trade.refunded),
      gmt_refund_pay: beijing(trade.refunds.get(requestNo)!.at),
    };
  }

  /** A trade past its time_expire closes unpaid. */
  private expire(trade: Trade) {
    if (trade.status === 'WAIT_BUYER_PAY' && trade.expires !== null && this.now() >= trade.expires) {
      trade.status = 'TRADE_CLOSED';
      trade.closed = trade.expires;
    }
  }

  /** The buyer pays: false when the trade cannot be paid (closed, expired, paid, unknown). */
  pay(outTradeNo: string) {
    const trade = this.trades.get(outTradeNo);
    if (trade) this.expire(trade);
    if (!trade || trade.status !== 'WAIT_BUYER_PAY') return false;
    trade.status = 'TRADE_SUCCESS';
    trade.paid = this.now();
    return true;
  }

  /** A refund made in Alipay's merchant console (all of the trade unless said); the app learns it by notification. */
  refundAtConsole(outTradeNo: string, fen?: number) {
    const trade = this.trades.get(outTradeNo)!;
    const answer = this.refund(trade, {
      out_request_no: `console${++this.sequence}`,
      refund_amount: yuanOf(fen ?? trade.total),
    });
    if (answer.code !== '10000') throw new Error(`refund refused: ${String(answer.sub_code)}`);
  }

  /**
   * The asynchronous notification of a trade as it stands (a payment, or its refund), as the form
   * body Alipay posts; `overrides` change parameters before signing (undefined drops one).
   */
  notification(outTradeNo: string, overrides: Record<string, string | undefined> = {}) {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`no trade ${outTradeNo}`);
    const params = { ...notificationParams(trade, this.now(), randomBytes(16).toString('hex')), ...overrides };
    const kept = Object.fromEntries(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined));
    const sign = rsa2(signingString(kept, ['sign', 'sign_type']), this.signer);
    return new URLSearchParams({ ...kept, sign_type: 'RSA2', sign }).toString();
  }

  /** Posts a trade's notification to its notify_url (through `deliver`). */
  async notify(outTradeNo: string) {
    const trade = this.trades.get(outTradeNo);
    if (!trade?.notify_url || !this.deliver) return;
    await this.deliver(trade.notify_url, this.notification(outTradeNo)).catch(() => undefined);
  }

  /** The cashier's Pay button: pays, notifies, and sends the browser back with the return parameters. */
  private async cashier(req: Request): Promise<Reply> {
    const no = new URLSearchParams(req.body.toString('utf8')).get('out_trade_no') ?? '';
    if (req.method !== 'POST' || !this.pay(no)) {
      return { status: 409, text: errorPage(business('ACQ.TRADE_STATUS_ERROR', 'This trade can no longer be paid')) };
    }
    const trade = this.trades.get(no)!;
    await this.notify(no);
    if (!trade.return_url) return { status: 200, text: 'Paid.' };
    const query = returnParams(trade, this.now(), this.signer);
    const location = `${trade.return_url}${trade.return_url.includes('?') ? '&' : '?'}${query}`;
    return { status: 303, headers: { location }, text: '' };
  }

  /** `POST /_test/pay/<out_trade_no>` (pays and notifies, as the cashier does) and `GET /_test/trades`. */
  private async control(req: Request): Promise<Reply> {
    const pay = /^\/_test\/pay\/(\w+)$/.exec(req.path);
    if (req.method === 'POST' && pay) {
      const ok = this.pay(pay[1]!);
      if (ok) await this.notify(pay[1]!);
      return { status: ok ? 200 : 409, json: { paid: ok } };
    }
    if (req.path === '/_test/trades') {
      return {
        status: 200,
        json: [...this.trades.values()].map((t) => ({ ...t, refunds: Object.fromEntries(t.refunds) })),
      };
    }
    return { status: 404, json: {} };
  }
}

export const startFakeAlipay = async (opts: { port?: number } = {}) => new FakeAlipay().listen(opts.port ?? 0);

// Run on its own for browser journeys: `node fake-alipay.ts --port 4781`.
if (process.argv[1] === import.meta.filename) {
  const at = process.argv.indexOf('--port');
  const fake = await startFakeAlipay({ port: at > 0 ? Number(process.argv[at + 1]) : 0 });
  console.log(`fake Alipay on ${fake.url}`);
}
