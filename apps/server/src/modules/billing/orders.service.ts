import type { FastifyBaseLogger } from 'fastify';
import type { BillingAccount, CheckoutDevice, Currency, Order, PageRequest } from '@turing/contract';
import type { OrderRow } from '../../db/schema/index.ts';
import type { Scoped, Transactor } from '../../db/scoped.ts';
import { AppError } from '../../shared/app-error.ts';
import { PERIOD_SECONDS, type Period, type ProductCatalogue } from './catalogue.service.ts';
import type { LedgerRepository } from './ledger.repository.ts';
import type { LedgerService } from './ledger.service.ts';
import type { OrdersRepository } from './orders.repository.ts';
import { createReconciler } from './orders.reconcile.ts';
import { createOperatorRefund } from './orders.refund.ts';
import { createOrderSearch } from './orders.search.ts';
import { createOrderSettlement, type Outcome, type PaymentMetrics } from './orders.settle.ts';
import type { Checkout, CheckoutRequest, PaymentProvider, ProviderName } from './payments/provider.ts';

/** Who is buying, from where: the provider's page depends on it. */
export interface Buyer {
  locale: 'en' | 'zh';
  device: CheckoutDevice;
  ip: string;
}

export interface OrderServiceDeps {
  orders: Scoped<OrdersRepository>;
  /** Settlement credits and reverses within the order's own transaction. */
  ledgerRepository: Scoped<LedgerRepository>;
  transaction: Transactor;
  catalogue: Pick<ProductCatalogue, 'adminList' | 'forOrder'>;
  ledger: Pick<LedgerService, 'ensureAccount' | 'balance'>;
  /** The providers this node offers, preferred first (Stripe, then the dev provider outside production). */
  providers: PaymentProvider[];
  /** A payment or a refund changed the user's balance: their cached profile (isVip) is read again. */
  onBalanceChanged: (userId: string) => void;
  log: FastifyBaseLogger;
  /** Minutes an order of a provider that can be asked about it (WeChat Pay, Alipay) stays payable. */
  payMinutes?: number;
  now?: () => Date;
  metrics?: PaymentMetrics;
}

/**
 * The product's name on the provider's page. WeChat Pay and Alipay keep the Chinese one whatever
 * the buyer's language: it shows in the payer's wallet, and a trade number resumed in the other
 * language would otherwise describe another trade, which they refuse.
 */
const nameFor = (provider: PaymentProvider, buyer: Buyer, name: { en: string; zh: string }) =>
  provider.cnyOnly || buyer.locale === 'zh' ? name.zh : name.en;

export function createOrderService(deps: OrderServiceDeps) {
  const repo = deps.orders.pool;
  const now = deps.now ?? (() => new Date());
  const settlement = createOrderSettlement({
    orders: deps.orders,
    ledger: deps.ledgerRepository,
    transaction: deps.transaction,
    ensureAccount: deps.ledger.ensureAccount,
    onBalanceChanged: deps.onBalanceChanged,
    log: deps.log,
    metrics: deps.metrics,
  });
  const providerNamed = (name: ProviderName) => deps.providers.find((p) => p.name === name) ?? null;
  const reconciler = createReconciler({
    orders: repo,
    settlement,
    providerNamed,
    log: deps.log,
    now,
  });

  /** Names come from the catalogue as it is now; the order itself keeps what was bought and paid. */
  async function toOrders(rows: OrderRow[]): Promise<Order[]> {
    const names = new Map((await deps.catalogue.adminList()).map((p) => [p.id, { en: p.nameEn, zh: p.nameZh }]));
    return rows.map((row) => ({
      id: row.id,
      productId: row.productId,
      kind: row.kind as Order['kind'],
      name: names.get(row.productId) ?? { en: row.productId, zh: row.productId },
      pieces: row.pieces,
      period: row.period as Order['period'],
      cubes: row.cubes,
      planSeconds: row.planSeconds,
      amount: row.amount,
      currency: row.currency as Currency,
      state: row.state as Order['state'],
      provider: row.provider as Order['provider'],
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
      payCode: row.state === 'pending' ? row.payCode : null,
      expiresAt: row.state === 'pending' ? (row.expiresAt?.toISOString() ?? null) : null,
      refund: (row.refundState as Order['refund']) ?? null,
      refundNote: row.refundNote,
    }));
  }
  const toOrder = async (row: OrderRow) => (await toOrders([row]))[0]!;

  async function owned(userId: string, id: string) {
    const row = await repo.findOwned(id, userId);
    if (!row) throw new AppError('ORDER_NOT_FOUND');
    return row;
  }

  const checkoutRequest = (row: OrderRow, name: string, buyer: Buyer): CheckoutRequest => ({
    orderId: row.id,
    amount: row.amount,
    currency: row.currency as Currency,
    description: row.pieces > 1 ? `${name} × ${row.pieces}` : name,
    locale: buyer.locale,
    device: buyer.device,
    clientIp: buyer.ip,
    expiresAt: row.expiresAt ?? new Date(now().getTime() + 24 * 3600_000),
    payCode: row.payCode,
  });

  return {
    settlement,
    reconciler,
    providerNames: () => deps.providers.map((p) => p.name),
    /** The providers reconciliation can ask about an order (WeChat Pay, Alipay). */
    askableProviders: () => deps.providers.filter((p) => p.query).map((p) => p.name),

    async account(userId: string): Promise<BillingAccount> {
      const { cubes, debt, planDebtSeconds, planUntil } = await deps.ledger.balance(userId);
      const left = planUntil ? Math.max(0, Math.floor((Date.parse(planUntil) - now().getTime()) / 1000)) : 0;
      return {
        cubes,
        debt,
        planDebtSeconds,
        planUntil: left > 0 ? planUntil : null,
        planSecondsLeft: left,
        isVip: left > 0,
        providers: deps.providers.map((p) => p.name),
      };
    },

    async create(
      userId: string,
      body: { productId: string; pieces: number; currency: Currency; provider?: ProviderName },
      buyer: Buyer,
    ) {
      const provider = body.provider ? providerNamed(body.provider) : (deps.providers[0] ?? null);
      if (!provider) throw new AppError('PAYMENT_UNAVAILABLE');
      const product = await deps.catalogue.forOrder(body.productId);
      // WeChat Pay and Alipay take yuan only: their orders charge the CNY price whatever was shown.
      const currency: Currency = provider.cnyOnly ? 'CNY' : body.currency;
      const unit = currency === 'CNY' ? product.priceCny : product.priceUsd;
      const period = product.kind === 'plan' ? (product.period as Period) : null;
      const expiresAt = provider.query ? new Date(now().getTime() + (deps.payMinutes ?? 30) * 60_000) : null;
      const row = await repo.insert({
        userId,
        productId: product.id,
        kind: product.kind,
        pieces: body.pieces,
        period,
        cubes: product.kind === 'cubes' ? product.cubes * body.pieces : 0,
        planSeconds: period ? PERIOD_SECONDS[period] * body.pieces : 0,
        amount: unit * body.pieces,
        currency,
        provider: provider.name,
        expiresAt,
      });
      const name = nameFor(provider, buyer, { en: product.nameEn, zh: product.nameZh });
      let checkout: Checkout;
      try {
        checkout = await provider.checkout(checkoutRequest(row, name, buyer));
      } catch (err) {
        deps.log.error({ err, orderId: row.id, provider: provider.name }, 'payment checkout could not be created');
        await repo.transition(row.id, 'pending', 'failed');
        deps.metrics?.paymentSettled(provider.name, 'checkout_failed');
        // The provider may have made the order before the failure reached us: close it there, so
        // nobody can pay it unseen (a payment that still arrives is refunded by reconciliation).
        if (provider.query) await reconciler.closeQuietly(provider, row);
        throw new AppError('PAYMENT_UNAVAILABLE');
      }
      const saved = await repo.setCheckout(row.id, checkout.ref, checkout.payCode ?? null);
      return { order: await toOrder(saved ?? row), checkoutUrl: checkout.url };
    },

    /** One order; a pending one of a provider that can be asked is first checked there (the return from paying). */
    async get(userId: string, id: string) {
      const row = await owned(userId, id);
      return toOrder(row.state === 'pending' ? await reconciler.checkSoon(row) : row);
    },

    async list(userId: string, page: PageRequest) {
      const found = await repo.listForUser(userId, page);
      const items = await toOrders(found.items.map((r) => r.order));
      return { items, nextCursor: found.nextCursor };
    },

    /** An order left unpaid (the checkout closed, the tab lost): its checkout, to pay it after all. */
    async pay(userId: string, id: string, buyer: Buyer) {
      const row = await owned(userId, id);
      if (row.state !== 'pending') throw new AppError('ORDER_NOT_PENDING');
      if (row.expiresAt && row.expiresAt <= now()) throw new AppError('ORDER_NOT_PENDING');
      const provider = providerNamed(row.provider as ProviderName);
      if (!provider) throw new AppError('PAYMENT_UNAVAILABLE');
      const order = await toOrder(row);
      const name = nameFor(provider, buyer, order.name);
      const resumed = await provider.resume(checkoutRequest(row, name, buyer), row.providerRef);
      if (typeof resumed === 'string') return { order, checkoutUrl: resumed };
      const saved = resumed.payCode ? await repo.setPayCode(row.id, resumed.payCode) : null;
      return { order: saved ? await toOrder(saved) : order, checkoutUrl: resumed.url };
    },

    async cancel(userId: string, id: string) {
      const row = await owned(userId, id);
      if (row.state !== 'pending') throw new AppError('ORDER_NOT_PENDING');
      // Close the provider's checkout first: an order cancelled here must not be payable there.
      const provider = providerNamed(row.provider as ProviderName);
      if (provider && (row.providerRef || provider.query))
        await provider.close({ orderId: row.id, ref: row.providerRef });
      const settled = await settlement.settle(row, 'cancelled');
      if (!settled) throw new AppError('ORDER_NOT_PENDING');
      return toOrder(settled);
    },

    /** The operator's refund of a paid order (see orders.refund.ts), audited when `audit` is given. */
    refund: createOperatorRefund({
      orders: deps.orders,
      transaction: deps.transaction,
      settlement,
      providerNamed,
      toOrder,
      log: deps.log,
    }),

    ...createOrderSearch({ orders: repo, toOrders }),

    /** The dev provider's confirmation page: settles the user's own dev order. */
    async devConfirm(userId: string, id: string, outcome: Outcome) {
      const row = await owned(userId, id);
      if (row.provider !== 'dev' || !providerNamed('dev')) throw new AppError('ORDER_NOT_FOUND');
      const settled = await settlement.settle(row, outcome);
      if (!settled) throw new AppError('ORDER_NOT_PENDING');
      return toOrder(settled);
    },
  };
}
export type OrderService = ReturnType<typeof createOrderService>;
