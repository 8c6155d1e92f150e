import { AppError } from '../../../../shared/app-error.ts';
import {
  beijingClock,
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
import { WechatPayError, type WechatPayClient } from './wechatpay.client.ts';

export interface WechatPayProviderOptions {
  client: WechatPayClient;
  mchId: string;
  appId: string;
  publicUrl: string;
  /** Where WeChat Pay sends payment and refund notifications. */
  notifyUrl: string;
}

/** A transaction as WeChat Pay's query and notification describe it. */
export interface WechatTransaction {
  mchid?: string;
  appid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  amount?: { total?: number; currency?: string };
}

interface WechatRefund {
  out_refund_no?: string;
  status?: string;
}

/** `2026-11-27T18:30:00+08:00`: WeChat Pay's time_expire, in Beijing time as its examples give it. */
const beijingTime = (at: Date) => `${beijingClock(at)}+08:00`;

/** Characters, not bytes: WeChat Pay's description holds at most 127. */
const description = (text: string) => [...text].slice(0, 127).join('');

/** Rate limits and WeChat's own trouble pass; every other refusal is an answer about this refund. */
const passing = (err: WechatPayError) => err.status === 429 || err.status >= 500;

/**
 * WeChat Pay API v3 for a merchant (普通商户): Native payment (a QR code shown in the app) on
 * desktop, H5 payment on phones, the query and close by our trade number, and refunds. Answers
 * are verified by the client; an answer about another merchant or app is not believed.
 */
export function createWechatPayProvider(opts: WechatPayProviderOptions): PaymentProvider {
  const { client, mchId, appId } = opts;

  const ours = (t: WechatTransaction) => t.mchid === mchId && t.appid === appId;

  async function checkout(request: CheckoutRequest): Promise<Checkout> {
    const order = {
      appid: appId,
      mchid: mchId,
      description: description(request.description),
      out_trade_no: tradeNoOf(request.orderId),
      time_expire: beijingTime(request.expiresAt),
      notify_url: opts.notifyUrl,
      amount: { total: request.amount, currency: 'CNY' },
    };
    if (request.device === 'phone') {
      const answer = await client.post<{ h5_url?: string }>('/v3/pay/transactions/h5', {
        ...order,
        scene_info: { payer_client_ip: request.clientIp, h5_info: { type: 'Wap' } },
      });
      if (!answer?.h5_url) throw new Error('WeChat Pay returned no h5_url');
      // After paying, WeChat sends the browser back here (built from PUBLIC_URL, never from the request).
      const back = encodeURIComponent(orderPageUrl(opts.publicUrl, 'order', request.orderId));
      return { ref: null, url: `${answer.h5_url}&redirect_url=${back}` };
    }
    const answer = await client.post<{ code_url?: string }>('/v3/pay/transactions/native', order);
    if (!answer?.code_url) throw new Error('WeChat Pay returned no code_url');
    return { ref: null, url: orderPageUrl(opts.publicUrl, 'scan', request.orderId), payCode: answer.code_url };
  }

  async function query(request: { orderId: string }): Promise<PaymentStatus> {
    const no = tradeNoOf(request.orderId);
    let t: WechatTransaction | null;
    try {
      t = await client.get<WechatTransaction>(
        `/v3/pay/transactions/out-trade-no/${no}?mchid=${encodeURIComponent(mchId)}`,
      );
    } catch (err) {
      // Never made there (the checkout failed before WeChat Pay took it): nothing can pay it.
      if (err instanceof WechatPayError && err.code === 'ORDER_NOT_EXIST') return { state: 'closed' };
      throw err;
    }
    if (!t || !ours(t) || t.out_trade_no !== no) throw new Error('WeChat Pay described another order');
    switch (t.trade_state) {
      case 'SUCCESS':
        return {
          state: 'paid',
          amount: t.amount?.total ?? -1,
          currency: (t.amount?.currency ?? '') as 'CNY',
          paymentRef: t.transaction_id ?? '',
        };
      case 'NOTPAY':
      case 'USERPAYING':
        return { state: 'open' };
      default:
        // CLOSED, REVOKED, PAYERROR, or REFUND (paid, then refunded at WeChat Pay's console before
        // anything was fulfilled here): no money of it stays, and it can no longer be paid.
        return { state: 'closed' };
    }
  }

  async function refundStatus(request: RefundRequest): Promise<RefundOutcome> {
    let found: WechatRefund | null;
    try {
      found = await client.get<WechatRefund>(`/v3/refund/domestic/refunds/${tradeNoOf(request.orderId)}`);
    } catch (err) {
      // Never made (the request was lost on its way): ask for it now; the same number makes it once.
      if (err instanceof WechatPayError && err.code === 'RESOURCE_NOT_EXISTS') return refund(request);
      throw err;
    }
    return refundOutcome(found);
  }

  function refundOutcome(answer: WechatRefund | null): RefundOutcome {
    switch (answer?.status) {
      case 'SUCCESS':
        return { state: 'done' };
      case 'PROCESSING':
        return { state: 'processing' };
      default:
        // CLOSED (refused) or ABNORMAL (the buyer's account cannot take it): settle it at WeChat Pay.
        throw new RefundRefused(`WeChat Pay refund ${answer?.status ?? 'without a status'}`);
    }
  }

  async function refund(request: RefundRequest): Promise<RefundOutcome> {
    const no = tradeNoOf(request.orderId);
    try {
      const answer = await client.post<WechatRefund>('/v3/refund/domestic/refunds', {
        out_trade_no: no,
        // One refund per order, all of it: a repeat (a retry, two operators) is the same refund.
        out_refund_no: no,
        notify_url: opts.notifyUrl,
        amount: { refund: request.amount, total: request.amount, currency: 'CNY' },
      });
      return refundOutcome(answer);
    } catch (err) {
      if (!(err instanceof WechatPayError) || passing(err)) throw err;
      // Refunded already (the same number asked before): what was asked is done.
      const earlier = await client.get<WechatRefund>(`/v3/refund/domestic/refunds/${no}`).catch(() => null);
      if (earlier?.status === 'SUCCESS' || earlier?.status === 'PROCESSING') return refundOutcome(earlier);
      throw new RefundRefused(err.detail ? `${err.code}: ${err.detail}` : err.code);
    }
  }

  return {
    name: 'wechatpay',
    cnyOnly: true,
    checkout,
    async resume(request) {
      const status = await query(request).catch(() => {
        throw new AppError('PAYMENT_UNAVAILABLE');
      });
      if (status.state !== 'open') throw new AppError('ORDER_NOT_PENDING');
      // The QR code shown first still pays the order; a phone asks WeChat Pay for its H5 address.
      if (request.device === 'desktop' && request.payCode) {
        return { ref: null, url: orderPageUrl(opts.publicUrl, 'scan', request.orderId), payCode: request.payCode };
      }
      try {
        return await checkout(request);
      } catch {
        throw new AppError('PAYMENT_UNAVAILABLE');
      }
    },
    async close(request) {
      try {
        await client.post(`/v3/pay/transactions/out-trade-no/${tradeNoOf(request.orderId)}/close`, { mchid: mchId });
        return;
      } catch (err) {
        if (err instanceof WechatPayError && err.code === 'ORDER_CLOSED') return;
        // Refused for another reason: paid already, or never made there? Its state decides.
        const status = await query(request).catch(() => null);
        if (status?.state === 'closed') return;
        if (status?.state === 'paid') throw new AppError('ORDER_NOT_PENDING');
        throw new AppError('PAYMENT_UNAVAILABLE');
      }
    },
    refund,
    query,
    refundStatus,
  };
}
