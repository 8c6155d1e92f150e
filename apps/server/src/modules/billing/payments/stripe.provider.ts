import Stripe from 'stripe';
import type { Currency } from '@turing/contract';
import { AppError } from '../../../shared/app-error.ts';
import { orderPageUrl, type PaymentProvider } from './provider.ts';

export type StripeMethod = 'card' | 'alipay' | 'wechat_pay';

/**
 * Presentment currencies Stripe documents for each method (docs.stripe.com/payments/alipay,
 * /payments/wechat-pay): both wallets take CNY and USD, among others, subject to the account's
 * country. A method is offered only for the currencies listed here, so adding a currency to the
 * catalogue cannot produce a Checkout Session that Stripe rejects for its methods.
 */
const CURRENCIES: Record<StripeMethod, readonly Currency[]> = {
  card: ['CNY', 'USD'],
  alipay: ['CNY', 'USD'],
  wechat_pay: ['CNY', 'USD'],
};

export const methodsFor = (methods: readonly StripeMethod[], currency: Currency) =>
  methods.filter((m) => CURRENCIES[m].includes(currency));

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  methods: readonly StripeMethod[];
  publicUrl: string;
  /** Another API address (tests use a local stand-in). */
  apiUrl?: string;
}

function clientOptions(apiUrl?: string): Stripe.StripeConfig {
  if (!apiUrl) return { maxNetworkRetries: 2, timeout: 20_000 };
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol, maxNetworkRetries: 0 };
}

export function createStripeProvider(opts: StripeProviderOptions) {
  const stripe = new Stripe(opts.secretKey, clientOptions(opts.apiUrl));
  const provider: PaymentProvider = {
    name: 'stripe',
    async checkout(request) {
      const methods = methodsFor(opts.methods, request.currency);
      // The way back is built from PUBLIC_URL, never from the request, so nobody can steer it elsewhere.
      const back = orderPageUrl(opts.publicUrl, 'order', request.orderId);
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: request.orderId,
          metadata: { orderId: request.orderId },
          payment_intent_data: { metadata: { orderId: request.orderId } },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amount,
                product_data: { name: request.description },
              },
            },
          ],
          ...(methods.length ? { payment_method_types: methods } : {}),
          // Checkout shows WeChat Pay as a QR code to scan; Stripe requires the client type for it.
          ...(methods.includes('wechat_pay') ? { payment_method_options: { wechat_pay: { client: 'web' } } } : {}),
          locale: request.locale === 'zh' ? 'zh' : 'en',
          success_url: back,
          cancel_url: back,
        },
        // A retried create (network trouble) returns the same session instead of a second one.
        { idempotencyKey: `checkout:${request.orderId}` },
      );
      if (!session.url) throw new Error(`Stripe returned no checkout URL for ${session.id}`);
      return { ref: session.id, url: session.url };
    },
    async resume(_request, ref) {
      if (!ref) throw new AppError('ORDER_NOT_PENDING');
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(ref);
      } catch {
        throw new AppError('PAYMENT_UNAVAILABLE');
      }
      // Completed (its webhook settles the order) or expired (its webhook cancels it): not payable.
      if (session.status !== 'open' || !session.url) throw new AppError('ORDER_NOT_PENDING');
      return session.url;
    },
    async close({ ref }) {
      if (!ref) return;
      try {
        await stripe.checkout.sessions.expire(ref);
      } catch (err) {
        // Stripe refuses to expire a session that is no longer open: it was paid or has expired.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) throw new AppError('ORDER_NOT_PENDING');
        throw new AppError('PAYMENT_UNAVAILABLE');
      }
    },
    async refund(request) {
      try {
        let intent = request.paymentRef;
        if (!intent && request.checkoutRef) {
          const session = await stripe.checkout.sessions.retrieve(request.checkoutRef);
          intent =
            typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
        }
        if (!intent) throw new Error(`Stripe has no payment for order ${request.orderId}`);
        await stripe.refunds.create(
          { payment_intent: intent, metadata: { orderId: request.orderId } },
          // A repeated refund of one order (a retry, two operators at once) is the same refund.
          { idempotencyKey: `refund:${request.orderId}` },
        );
      } catch (err) {
        // Refunded already (from Stripe's dashboard, say): the money is back, which is what was asked.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'charge_already_refunded') {
          return { state: 'done' };
        }
        throw err;
      }
      return { state: 'done' };
    },
  };
  return {
    provider,
    /** The event, if the signature proves Stripe sent this exact body; throws otherwise. */
    verify: (rawBody: Buffer, signature: string) =>
      stripe.webhooks.constructEvent(rawBody, signature, opts.webhookSecret),
  };
}
export type StripeGateway = ReturnType<typeof createStripeProvider>;
