import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.ts';
import { createDevProvider } from './dev.provider.ts';
import type { PaymentGateway } from './gateway.ts';
import type { PaymentProvider } from './provider.ts';

/**
 * The payment providers of this node, preferred first: Stripe, WeChat Pay and Alipay when their
 * keys are set, and the dev provider only when PAYMENTS_DEV says so (by default only without a
 * real provider and outside production; production refuses it), so a server can hand out free
 * cubes only by someone's explicit choice.
 */
export async function createPayments(config: Config, log: FastifyBaseLogger) {
  // Each provider's module (and SDK) is loaded only where it is configured: a node that does not
  // offer it starts without paying for it.
  const stripe =
    config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
      ? (await import('./stripe.provider.ts')).createStripeProvider({
          secretKey: config.STRIPE_SECRET_KEY,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET,
          methods: config.STRIPE_PAYMENT_METHODS,
          publicUrl: config.publicUrl,
          apiUrl: config.STRIPE_API_URL,
        })
      : null;
  const gateways: PaymentGateway[] = [];
  if (config.WECHATPAY_MCH_ID) {
    const { createWechatPayGateway } = await import('./wechatpay/wechatpay.gateway.ts');
    gateways.push(createWechatPayGateway(config, log)!);
  }
  if (config.ALIPAY_APP_ID) {
    const { createAlipayGateway } = await import('./alipay/alipay.gateway.ts');
    gateways.push(createAlipayGateway(config, log)!);
  }
  const providers: PaymentProvider[] = [];
  if (stripe) providers.push(stripe.provider);
  providers.push(...gateways.map((g) => g.provider));
  if (config.paymentsDev) providers.push(createDevProvider({ publicUrl: config.publicUrl }));
  return { stripe, gateways, providers };
}
