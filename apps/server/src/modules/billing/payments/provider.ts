import type { Currency } from '@turing/contract';

export type ProviderName = 'stripe' | 'dev';

/** What a provider needs to open a checkout for one pending order. */
export interface CheckoutRequest {
  orderId: string;
  /** Minor units of the currency, for all pieces together. */
  amount: number;
  currency: Currency;
  /** Shown on the provider's page. */
  description: string;
  locale: 'en' | 'zh';
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Where the browser goes to pay, and the provider's id for the checkout (null when it has none). */
  checkout(request: CheckoutRequest): Promise<{ ref: string | null; url: string }>;
  /**
   * The address of a pending order's checkout that is still open (`ref` as `checkout` gave it);
   * throws ORDER_NOT_PENDING when the provider says it can no longer be paid (paid or expired).
   */
  resume(request: CheckoutRequest, ref: string | null): Promise<string>;
  /** Closes the provider's checkout so it can no longer be paid; throws when it already was paid. */
  close(ref: string): Promise<void>;
  /**
   * Pays a paid order's money back, all of it, once per order (a repeat asks for the same refund);
   * resolves too when the provider says it was refunded already. Providers that take no money have none.
   */
  refund?(request: RefundRequest): Promise<void>;
}

export interface RefundRequest {
  orderId: string;
  /** The provider's payment id, when it was stored. */
  paymentRef: string | null;
  /** The checkout it was paid through, to find the payment by when its id was not stored. */
  checkoutRef: string | null;
}

/** The page of the web app that shows an order (and the dev provider's confirmation). */
export const orderPageUrl = (publicUrl: string, param: 'order' | 'pay', orderId: string) =>
  `${publicUrl}/#/user/product?${param}=${encodeURIComponent(orderId)}`;
