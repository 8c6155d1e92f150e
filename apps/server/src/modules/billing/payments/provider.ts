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
  /** Closes the provider's checkout so it can no longer be paid; throws when it already was paid. */
  close(ref: string): Promise<void>;
}

/** The page of the web app that shows an order (and the dev provider's confirmation). */
export const orderPageUrl = (publicUrl: string, param: 'order' | 'pay', orderId: string) =>
  `${publicUrl}/#/user/product?${param}=${encodeURIComponent(orderId)}`;
