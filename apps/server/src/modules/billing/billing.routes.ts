import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { billingRoutes, LEDGER_CSV_PATH, STRIPE_WEBHOOK_PATH } from '@turing/contract';
import { AppError } from '../../shared/app-error.ts';
import { defineRoute } from '../../shared/define-route.ts';
import type { ProductCatalogue } from './catalogue.service.ts';
import { ledgerCsv } from './ledger.csv.ts';
import { createLedgerItems } from './ledger.items.ts';
import type { LedgerService } from './ledger.service.ts';
import type { OrderService } from './orders.service.ts';
import type { PaymentGateway } from './payments/gateway.ts';
import type { StripeGateway } from './payments/stripe.provider.ts';

export interface BillingModuleOptions {
  catalogue: ProductCatalogue;
  orders: OrderService;
  ledger: LedgerService;
  /** Present when Stripe is configured: its webhook is served. */
  stripe: StripeGateway | null;
  /** WeChat Pay and Alipay when configured: their notification routes are served. */
  gateways: PaymentGateway[];
}

const perUser = (max: number) => ({
  rateLimit: { max, timeWindow: '1 hour', keyGenerator: (req: FastifyRequest) => req.user?.id ?? req.ip },
});

export async function billingModule(app: FastifyInstance, opts: BillingModuleOptions) {
  const { catalogue, orders, ledger } = opts;
  const ledgerItems = createLedgerItems({ ledger, catalogue });

  defineRoute(app, billingRoutes.products, async () => catalogue.onSale());

  defineRoute(app, billingRoutes.account, async (req) => orders.account(req.user!.id));

  // Each order opens a provider checkout: enough for people, not for flooding the provider.
  defineRoute(
    app,
    billingRoutes.orderCreate,
    async (req) => orders.create(req.user!.id, req.body, { locale: req.locale, device: req.body.device, ip: req.ip }),
    { ...perUser(60) },
  );

  defineRoute(app, billingRoutes.orderGet, async (req) => orders.get(req.user!.id, req.query.id));

  defineRoute(app, billingRoutes.orders, async (req) => orders.list(req.user!.id, req.query));

  defineRoute(
    app,
    billingRoutes.orderPay,
    async (req) => orders.pay(req.user!.id, req.body.id, { locale: req.locale, device: req.body.device, ip: req.ip }),
    { ...perUser(60) },
  );

  defineRoute(app, billingRoutes.orderCancel, async (req) => orders.cancel(req.user!.id, req.body.id));

  // The dev provider exists only outside production; without it the route does not either.
  if (orders.providerNames().includes('dev')) {
    defineRoute(app, billingRoutes.devConfirm, async (req) =>
      orders.devConfirm(req.user!.id, req.body.id, req.body.outcome),
    );
  }

  defineRoute(app, billingRoutes.ledger, async (req) => ledgerItems.page(req.user!.id, req.query));

  app.get(LEDGER_CSV_PATH, { schema: { hide: true }, config: { auth: true } }, async (req, reply) => {
    const day = new Date().toISOString().slice(0, 10);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="turing-ledger-${day}.csv"`)
      .header('cache-control', 'private, no-store');
    return reply.send(Readable.from(ledgerCsv(ledgerItems, req.user!.id, req.locale)));
  });

  if (opts.stripe) await app.register(stripeWebhook, { stripe: opts.stripe, orders });
  for (const gateway of opts.gateways) await app.register(gateway.webhook, { reconciler: orders.reconciler });
}

/**
 * Stripe's webhook in a scope of its own: the signature covers the exact bytes sent, so this scope
 * reads every body raw instead of parsing JSON. No session or app header: the signature is the proof.
 */
async function stripeWebhook(app: FastifyInstance, opts: { stripe: StripeGateway; orders: OrderService }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.post(
    STRIPE_WEBHOOK_PATH,
    { schema: { hide: true }, config: { appHeader: false, mutates: true }, bodyLimit: 1024 * 1024 },
    async (req, reply) => {
      const signature = req.headers['stripe-signature'];
      if (!Buffer.isBuffer(req.body) || typeof signature !== 'string') throw new AppError('VALIDATION');
      let event;
      try {
        event = opts.stripe.verify(req.body, signature);
      } catch (err) {
        req.log.warn({ err: (err as Error).message }, 'Stripe webhook with a bad signature');
        throw new AppError('VALIDATION');
      }
      // A failure here answers 500 and records nothing: Stripe retries the delivery.
      const outcome = await opts.orders.settlement.stripeEvent(event);
      return reply.send({ received: true, outcome });
    },
  );
}
