import { AppError } from '../../../../shared/app-error.ts';
import {
  orderPageUrl,
  RefundRefused,
  tradeNoOf,
  type Checkout,
  type CheckoutRequest,
  type PaymentProvider,
  type PaymentStatus,
  type RefundOutcome,
  type RefundRequest,
} from '../provider.ts';
import { AlipayError, beijingTime, type AlipayClient } from './alipay.client.ts';

export interface AlipayProviderOptions {
  client: AlipayClient;
  publicUrl: string;
  /** Where Alipay posts its asynchronous notifications. */
  notifyUrl: string;
}

/** Fen as Alipay's yuan amount with two decimals (`3500` → `35.00`), in integers, so exactly. */
export const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/** Alipay's yuan amount (`35.00`, `35.5`, `35`) in fen; -1 when it is not one (it then matches no order). */
export function fenOf(amount: unknown): number {
  const m = typeof amount === 'string' ? /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(amount) : null;
  if (!m) return -1;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** The order title: at most 256 characters, without the characters Alipay forbids in it (/ = &). */
const subject = (text: string) =>
  [...text.replace(/[/=&]/g, ' ').replace(/\s+/g, ' ').trim()].slice(0, 256).join('') || 'Order';

const notExists = (err: unknown) => err instanceof AlipayError && err.subCode === 'ACQ.TRADE_NOT_EXIST';

/** A refusal names Alipay's words and its code, for the operator. */
const reasonOf = (err: AlipayError) => (err.detail ? `${err.detail} (${err.subCode})` : err.subCode || err.code);

/**
 * Alipay for a merchant app: the computer website payment (alipay.trade.page.pay) on desktop, the
 * mobile website payment (alipay.trade.wap.pay) on phones, both a signed gateway address the
 * browser opens; the query, close and refund by our trade number. Alipay keeps one trade per
 * out_trade_no, so the same address opened again pays the same trade, never a second one.
 */
export function createAlipayProvider(opts: AlipayProviderOptions): PaymentProvider {
  const { client } = opts;

  function checkout(request: CheckoutRequest): Checkout {
    const phone = request.device === 'phone';
    // After paying (or leaving), Alipay sends the browser back here: built from PUBLIC_URL, never from the request.
    const back = orderPageUrl(opts.publicUrl, 'order', request.orderId);
    const url = client.pageUrl(
      phone ? 'alipay.trade.wap.pay' : 'alipay.trade.page.pay',
      {
        out_trade_no: tradeNoOf(request.orderId),
        total_amount: yuan(request.amount),
        subject: subject(request.description),
        product_code: phone ? 'QUICK_WAP_WAY' : 'FAST_INSTANT_TRADE_PAY',
        // Closed by Alipay then: an address kept in a tab cannot pay an order cancelled here.
        time_expire: beijingTime(request.expiresAt),
        ...(phone ? { quit_url: back } : {}),
      },
      { notifyUrl: opts.notifyUrl, returnUrl: back },
    );
    return { ref: null, url };
  }

  async function query(request: { orderId: string }): Promise<PaymentStatus> {
    const no = tradeNoOf(request.orderId);
    let t;
    try {
      t = await client.call('alipay.trade.query', { out_trade_no: no });
    } catch (err) {
      // Made at Alipay only once the buyer opens its page: until time_expire it may still be.
      if (notExists(err)) return { state: 'open' };
      throw err;
    }
    if (t.out_trade_no !== no) throw new Error('Alipay described another trade');
    switch (t.trade_status) {
      case 'TRADE_SUCCESS':
      case 'TRADE_FINISHED':
        return {
          state: 'paid',
          amount: fenOf(t.total_amount),
          currency: 'CNY',
          paymentRef: typeof t.trade_no === 'string' ? t.trade_no.slice(0, 64) : '',
        };
      case 'WAIT_BUYER_PAY':
        return { state: 'open' };
      case 'TRADE_CLOSED':
        return { state: 'closed' };
      default:
        throw new Error(`Alipay reported the trade as ${String(t.trade_status)}`);
    }
  }

  /** What became of the order's refund: REFUND_SUCCESS, or nothing yet (not received, or still under way). */
  async function refunded(no: string): Promise<boolean> {
    const answer = await client.call('alipay.trade.fastpay.refund.query', { out_trade_no: no, out_request_no: no });
    return answer.refund_status === 'REFUND_SUCCESS';
  }

  async function refund(request: RefundRequest): Promise<RefundOutcome> {
    const no = tradeNoOf(request.orderId);
    let answer;
    try {
      answer = await client.call('alipay.trade.refund', {
        out_trade_no: no,
        refund_amount: yuan(request.amount),
        // One refund per order, all of it: a repeat (a retry, two operators) is the same refund.
        out_request_no: no,
        refund_reason: 'Order refunded',
      });
    } catch (err) {
      if (err instanceof AlipayError && err.refusal) throw new RefundRefused(reasonOf(err));
      throw err;
    }
    if (answer.fund_change === 'Y') return { state: 'done' };
    // No money moved by this call: a repeat of a refund made before, or one still under way.
    return (await refunded(no)) ? { state: 'done' } : { state: 'processing' };
  }

  return {
    name: 'alipay',
    cnyOnly: true,
    async checkout(request) {
      return checkout(request);
    },
    async resume(request) {
      const status = await query(request).catch(() => {
        throw new AppError('PAYMENT_UNAVAILABLE');
      });
      if (status.state !== 'open') throw new AppError('ORDER_NOT_PENDING');
      return checkout(request);
    },
    async close(request) {
      try {
        await client.call('alipay.trade.close', { out_trade_no: tradeNoOf(request.orderId) });
        return;
      } catch (err) {
        // Never opened at Alipay: nothing there to pay (its address expires at time_expire).
        if (notExists(err)) return;
        // Refused for another reason (ACQ.TRADE_STATUS_ERROR): closed already, or paid? Its state decides.
        const status = await query(request).catch(() => null);
        if (status?.state === 'closed') return;
        if (status?.state === 'paid') throw new AppError('ORDER_NOT_PENDING');
        throw new AppError('PAYMENT_UNAVAILABLE');
      }
    },
    refund,
    query,
    async refundStatus(request) {
      if (await refunded(tradeNoOf(request.orderId))) return { state: 'done' };
      // Never received (lost on its way) or not through yet: ask again; the same number refunds once.
      return refund(request);
    },
  };
}
