import { orderPageUrl, type PaymentProvider } from './provider.ts';

/**
 * The embedded development provider: nothing is charged; the web app's confirmation page settles
 * the order through /billing/dev/confirm. Never created in production.
 */
export function createDevProvider(opts: { publicUrl: string }): PaymentProvider {
  return {
    name: 'dev',
    async checkout(request) {
      return { ref: null, url: orderPageUrl(opts.publicUrl, 'pay', request.orderId) };
    },
    async resume(request) {
      return orderPageUrl(opts.publicUrl, 'pay', request.orderId);
    },
    async close() {},
    cnyOnly: false,
  };
}
