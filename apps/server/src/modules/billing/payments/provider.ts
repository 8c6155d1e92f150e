import type { CheckoutDevice, Currency, PaymentProviderName } from '@turing/contract';

export type ProviderName = PaymentProviderName;

/** What a provider needs to open a checkout for one pending order. */
export interface CheckoutRequest {
  orderId: string;
  /** Minor units of the currency, for all pieces together. */
  amount: number;
  currency: Currency;
  /** Shown on the provider's page. */
  description: string;
  locale: 'en' | 'zh';
  /** A phone browser pays in the provider's app (WeChat Pay H5, Alipay's phone page). */
  device: CheckoutDevice;
  /** The payer's address (WeChat Pay H5 asks for it). */
  clientIp: string;
  /** When the order stops being payable (WeChat Pay and Alipay close it then). */
  expiresAt: Date;
  /** What the payer scans, kept from the first checkout (resuming shows it again). */
  payCode?: string | null;
}

export interface Checkout {
  /** The provider's id for the checkout (null when it has none). */
  ref: string | null;
  /** Where the browser goes to pay. */
  url: string;
  /** What the payer scans instead (WeChat Pay's code_url), shown on a page of the app. */
  payCode?: string;
}

/** What the provider says became of an order's payment, asked instead of waiting for its notification. */
export type PaymentStatus =
  | { state: 'paid'; amount: number; currency: Currency; paymentRef: string }
  /** Not paid yet, and still payable. */
  | { state: 'open' }
  /** Closed, expired or never opened there: it can no longer be paid. */
  | { state: 'closed' };

/** A refund the provider accepted: paid back already, or still under way (confirmed later). */
export type RefundOutcome = { state: 'done' } | { state: 'processing' };

/** The provider refused a refund (insufficient merchant balance, too old…): the order stays paid. */
export class RefundRefused extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(`refund refused: ${reason}`);
    this.name = 'RefundRefused';
    this.reason = reason;
  }
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Whether the provider charges yuan only (its orders are priced in CNY). */
  readonly cnyOnly?: boolean;
  checkout(request: CheckoutRequest): Promise<Checkout>;
  /**
   * The checkout of a pending order that is still open (`ref` as `checkout` gave it); throws
   * ORDER_NOT_PENDING when the provider says it can no longer be paid (paid or expired).
   */
  resume(request: CheckoutRequest, ref: string | null): Promise<Checkout | string>;
  /** Closes the provider's checkout so it can no longer be paid; throws ORDER_NOT_PENDING when it was paid. */
  close(request: { orderId: string; ref: string | null }): Promise<void>;
  /**
   * Pays a paid order's money back, all of it, once per order (a repeat asks for the same refund);
   * resolves too when the provider says it was refunded already. Throws RefundRefused when the
   * provider will not. Providers that take no money have none.
   */
  refund?(request: RefundRequest): Promise<RefundOutcome>;
  /** Asks the provider about an order's payment (reconciliation that does not wait for a notification). */
  query?(request: { orderId: string; ref: string | null }): Promise<PaymentStatus>;
  /** Asks the provider about a refund it accepted as processing: done, still processing, or refused. */
  refundStatus?(request: RefundRequest): Promise<RefundOutcome>;
}

export interface RefundRequest {
  orderId: string;
  /** The provider's payment id, when it was stored. */
  paymentRef: string | null;
  /** The checkout it was paid through, to find the payment by when its id was not stored. */
  checkoutRef: string | null;
  /** Minor units paid, all of which goes back. */
  amount: number;
  currency: Currency;
}

/**
 * `2026-11-27T18:30:00`: wall-clock time in Beijing (UTC+8, no daylight saving), as WeChat Pay
 * and Alipay read the times they are given whatever zone the server runs in.
 */
export const beijingClock = (at: Date) => new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19);

/** The page of the web app that shows an order (and the dev provider's confirmation). */
export const orderPageUrl = (publicUrl: string, param: 'order' | 'pay' | 'scan', orderId: string) =>
  `${publicUrl}/#/user/product?${param}=${encodeURIComponent(orderId)}`;

/**
 * The merchant order number WeChat Pay and Alipay know an order by: its UUID without hyphens,
 * 32 characters of [0-9a-f] (both allow 6–32 letters, digits, `_-|*`).
 */
export const tradeNoOf = (orderId: string) => orderId.replace(/-/g, '');

/** The order id a merchant order number names, or null when it is not one of ours. */
export function orderIdOfTradeNo(tradeNo: unknown): string | null {
  if (typeof tradeNo !== 'string' || !/^[0-9a-f]{32}$/.test(tradeNo)) return null;
  const h = tradeNo;
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
