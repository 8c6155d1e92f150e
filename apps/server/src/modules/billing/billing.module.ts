import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { scoped } from '../../db/scoped.ts';
import { bindRoutes, moduleParts } from '../../shared/module-parts.ts';
import type { RateCounterService } from '../identity/index.ts';
import type { UserService } from '../user/index.ts';
import { billingAdminModule } from './billing.admin.routes.ts';
import { billingModule } from './billing.routes.ts';
import { createCatalogueRepository } from './catalogue.repository.ts';
import { createProductCatalogue } from './catalogue.service.ts';
import { codesAdminModule } from './codes.admin.routes.ts';
import { createInvitationRepository } from './invitation.repository.ts';
import { createInvitationService } from './invitation.service.ts';
import { createLedgerRepository } from './ledger.repository.ts';
import { createLedgerService } from './ledger.service.ts';
import { createOrdersRepository } from './orders.repository.ts';
import { createOrderService } from './orders.service.ts';
import type { PaymentMetrics } from './orders.settle.ts';
import { createPayments } from './payments/payments.ts';
import { createRedemptionRepository } from './redemption.repository.ts';
import { redemptionModule } from './redemption.routes.ts';
import { createRedemptionService } from './redemption.service.ts';

export interface BillingModuleDeps {
  database: Database;
  config: Config;
  /** What a new account starts with and how many tasks a user may have running (generation settings). */
  welcomeCubes: number;
  activeCap: number;
  limits: RateCounterService;
  /** The console finds the account an operator names (grants, orders by user). */
  users: UserService;
  /** A payment or a refund changed the user's balance: their cached profile (isVip) is read again. */
  onBalanceChanged: (userId: string) => void;
  log: FastifyBaseLogger;
  /** The process's metrics: payments and refunds by provider. */
  metrics?: PaymentMetrics;
}

/** Balances and the ledger, products, orders and their payments, redemption codes and invitations. */
export async function createBillingModule(deps: BillingModuleDeps) {
  const { database, config } = deps;
  const ledgerRepository = scoped(database.db, createLedgerRepository);
  const transaction: Database['transaction'] = (work) => database.transaction(work);
  const ledger = createLedgerService({
    ledger: ledgerRepository,
    transaction,
    welcomeCubes: deps.welcomeCubes,
    activeCap: deps.activeCap,
  });
  const products = createProductCatalogue({ products: scoped(database.db, createCatalogueRepository), transaction });
  await products.seed();
  const payments = await createPayments(config, deps.log);
  const orders = createOrderService({
    orders: scoped(database.db, createOrdersRepository),
    ledgerRepository,
    transaction,
    catalogue: products,
    ledger,
    providers: payments.providers,
    onBalanceChanged: deps.onBalanceChanged,
    log: deps.log,
    payMinutes: config.ORDER_PAY_MINUTES,
    metrics: deps.metrics,
  });
  const redemption = createRedemptionService({
    codes: scoped(database.db, createRedemptionRepository),
    ledger: ledgerRepository,
    transaction,
    limits: deps.limits,
    welcomeCubes: deps.welcomeCubes,
  });
  const invitations = createInvitationService({
    invitations: scoped(database.db, createInvitationRepository),
    ledger: ledgerRepository,
    transaction,
    publicUrl: config.publicUrl,
    bonusCubes: config.INVITE_BONUS_CUBES,
    welcomeCubes: config.WELCOME_CUBES,
    maxBonuses: config.INVITE_BONUS_MAX,
  });
  const { stripe, gateways } = payments;
  return moduleParts(
    { ledger, products, orders, stripe, paymentGateways: gateways, redemption, invitations },
    {
      public: [
        bindRoutes(billingModule, { catalogue: products, orders, ledger, stripe, gateways }),
        bindRoutes(redemptionModule, { redemption, invitations }),
      ],
      admin: [
        bindRoutes(billingAdminModule, { ledger, users: deps.users, products, orders }),
        bindRoutes(codesAdminModule, { redemption }),
      ],
    },
  );
}
