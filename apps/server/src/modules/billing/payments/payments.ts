import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.ts';
import { createAlipayGateway } from './alipay/alipay.gateway.ts';
import { createDevProvider } from './dev.provider.ts';
import type { PaymentGateway } from './gateway.ts';
import type { PaymentProvider } from './provider.ts';
import { createStripeProvider } from './stripe.provider.ts';
import { createWechatPayGateway } from './wechatpay/wechatpay.gateway.ts';

/**
 * The payment providers of this node, preferred first: Stripe, WeChat Pay and Alipay when their
 * keys are set, and the dev provider only when PAYMENTS_DEV says so (by default only without a
 * real provider and outside production; production refuses it), so a server can hand out free
 * cubes only by someone's explicit choice.
 */
export function createPayments(config: Config, log: FastifyBaseLogger) {
  const stripe =
    config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
      ? createStripeProvider({
          secretKey: config.STRIPE_SECRET_KEY,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET,
          methods: config.STRIPE_PAYMENT_METHODS,
          publicUrl: config.publicUrl,
          apiUrl: config.STRIPE_API_URL,
        })
      : null;
  const gateways = [createWechatPayGateway(config, log), createAlipayGateway(config, log)].filter(
    (g): g is PaymentGateway => g !== null,
  );
  const providers: PaymentProvider[] = [];
  if (stripe) providers.push(stripe.provider);
  providers.push(...gateways.map((g) => g.provider));
  if (config.paymentsDev) providers.push(createDevProvider({ publicUrl: config.publicUrl }));
  return { stripe, gateways, providers };
}
