import { z } from 'zod';
import { optionalFlag, optionalText, optionalUrl } from './config.platform.ts';

const STRIPE_OFF = '— (the dev payment provider outside production, see `PAYMENTS_DEV`)';

/**
 * Stripe Checkout, on when both of its keys are set, and the development payment provider, never
 * in production (WeChat Pay and Alipay are in config.china.ts). Merged into the environment schema
 * by config.ts.
 */
export const paymentSettings = {
  STRIPE_SECRET_KEY: optionalText
    .describe(
      'Stripe Checkout for cube packs and plans: the secret key, set together with `STRIPE_WEBHOOK_SECRET`. Only the signed webhook fulfils an order. In production without them nothing can be bought',
    )
    .meta({ shown: STRIPE_OFF }),
  STRIPE_WEBHOOK_SECRET: optionalText
    .describe(
      "the signing secret (`whsec_…`) of the webhook endpoint pointed at `<PUBLIC_URL>/turing/billing/webhook/stripe` with the events `checkout.session.completed`, `checkout.session.async_payment_succeeded`, `checkout.session.async_payment_failed`, `checkout.session.expired` and `charge.refunded` (a full refund made in Stripe's dashboard refunds the order; a partial one is only logged for the operator); set together with `STRIPE_SECRET_KEY`",
    )
    .meta({ shown: STRIPE_OFF }),
  STRIPE_PAYMENT_METHODS: z
    .string()
    .default('card,alipay,wechat_pay')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(['card', 'alipay', 'wechat_pay'])).min(1))
    .describe(
      "payment methods offered in Checkout, comma-separated (each must be switched on in the Stripe Dashboard and be available to the account's country, and is offered only in the currencies Stripe supports for it); WeChat Pay is offered as the QR code for the web",
    ),
  STRIPE_API_URL: optionalUrl
    .describe("another address for Stripe's API (a test double)")
    .meta({ shown: "— (Stripe's own)" }),
  PAYMENTS_DEV: optionalFlag()
    .describe(
      'the development payment provider: purchases are confirmed for free on a page of the app, and every page shows a "test payments" ribbon. With a real provider configured it is off unless set to `true`; production refuses `true`',
    )
    .meta({
      shown: '`true` without `STRIPE_*`, `WECHATPAY_MCH_ID` or `ALIPAY_APP_ID` outside production, else `false`',
    }),
};
