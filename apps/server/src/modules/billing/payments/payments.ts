import type { Config } from '../../../config.ts';
import { createDevProvider } from './dev.provider.ts';
import type { PaymentProvider } from './provider.ts';
import { createStripeProvider } from './stripe.provider.ts';

/**
 * The payment providers of this node, preferred first: Stripe when its keys are set, and the dev
 * provider only when PAYMENTS_DEV says so (by default only without Stripe and outside production;
 * production refuses it), so a server can hand out free cubes only by someone's explicit choice.
 */
export function createPayments(config: Config) {
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
  const providers: PaymentProvider[] = [];
  if (stripe) providers.push(stripe.provider);
  if (config.paymentsDev) providers.push(createDevProvider({ publicUrl: config.publicUrl }));
  return { stripe, providers };
}
