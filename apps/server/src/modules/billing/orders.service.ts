import type { FastifyBaseLogger } from 'fastify';
import type { BillingAccount, Currency, Order, PageRequest } from '@turing/contract';
import type { OrderRow } from '../../db/schema/index.ts';
import type { Scoped, Transactor } from '../../db/scoped.ts';
import { AppError } from '../../shared/app-error.ts';
import { PERIOD_SECONDS, type Period, type ProductCatalogue } from './catalogue.service.ts';
import type { LedgerRepository } from './ledger.repository.ts';
import type { LedgerService } from './ledger.service.ts';
import type { OrdersRepository } from './orders.repository.ts';
import { createOrderSettlement, type Outcome } from './orders.settle.ts';
import type { PaymentProvider, ProviderName } from './payments/provider.ts';

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
  now?: () => Date;
}

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
  });
  const providerNamed = (name: ProviderName) => deps.providers.find((p) => p.name === name) ?? null;

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
    }));
  }
  const toOrder = async (row: OrderRow) => (await toOrders([row]))[0]!;

  async function owned(userId: string, id: string) {
    const row = await repo.findOwned(id, userId);
    if (!row) throw new AppError('ORDER_NOT_FOUND');
    return row;
  }

  return {
    settlement,
    providerNames: () => deps.providers.map((p) => p.name),

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
      locale: 'en' | 'zh',
    ) {
      const provider = body.provider ? providerNamed(body.provider) : (deps.providers[0] ?? null);
      if (!provider) throw new AppError('PAYMENT_UNAVAILABLE');
      const product = await deps.catalogue.forOrder(body.productId);
      const unit = body.currency === 'CNY' ? product.priceCny : product.priceUsd;
      const period = product.kind === 'plan' ? (product.period as Period) : null;
      const row = await repo.insert({
        userId,
        productId: product.id,
        kind: product.kind,
        pieces: body.pieces,
        period,
        cubes: product.kind === 'cubes' ? product.cubes * body.pieces : 0,
        planSeconds: period ? PERIOD_SECONDS[period] * body.pieces : 0,
        amount: unit * body.pieces,
        currency: body.currency,
        provider: provider.name,
      });
      const name = locale === 'zh' ? product.nameZh : product.nameEn;
      const description = body.pieces > 1 ? `${name} × ${body.pieces}` : name;
      let checkout: { ref: string | null; url: string };
      try {
        checkout = await provider.checkout({
          orderId: row.id,
          amount: row.amount,
          currency: body.currency,
          description,
          locale,
        });
      } catch (err) {
        deps.log.error({ err, orderId: row.id }, 'payment checkout could not be created');
        await repo.transition(row.id, 'pending', 'failed');
        throw new AppError('PAYMENT_UNAVAILABLE');
      }
      if (checkout.ref) await repo.setProviderRef(row.id, checkout.ref);
      return { order: await toOrder(row), checkoutUrl: checkout.url };
    },

    get: async (userId: string, id: string) => toOrder(await owned(userId, id)),

    async list(userId: string, page: PageRequest) {
      const found = await repo.listForUser(userId, page);
      const items = await toOrders(found.items.map((r) => r.order));
      return { items, nextCursor: found.nextCursor };
    },

    /** An order left unpaid (the checkout closed, the tab lost): its checkout, to pay it after all. */
    async pay(userId: string, id: string, locale: 'en' | 'zh') {
      const row = await owned(userId, id);
      if (row.state !== 'pending') throw new AppError('ORDER_NOT_PENDING');
      const provider = providerNamed(row.provider as ProviderName);
      if (!provider) throw new AppError('PAYMENT_UNAVAILABLE');
      const order = await toOrder(row);
      const name = locale === 'zh' ? order.name.zh : order.name.en;
      const checkoutUrl = await provider.resume(
        {
          orderId: row.id,
          amount: row.amount,
          currency: row.currency as Currency,
          description: row.pieces > 1 ? `${name} × ${row.pieces}` : name,
          locale,
        },
        row.providerRef,
      );
      return { order, checkoutUrl };
    },

    async cancel(userId: string, id: string) {
      const row = await owned(userId, id);
      if (row.state !== 'pending') throw new AppError('ORDER_NOT_PENDING');
      // Close the provider's checkout first: an order cancelled here must not be payable there.
      const provider = providerNamed(row.provider as ProviderName);
      if (provider && row.providerRef) await provider.close(row.providerRef);
      const settled = await settlement.settle(row, 'cancelled');
      if (!settled) throw new AppError('ORDER_NOT_PENDING');
      return toOrder(settled);
    },

    /**
     * The operator's refund of a paid order: the provider pays the money back first (nothing is
     * taken from the user for money that stays with us), then the order is refunded here. The
     * provider's later refund event finds it refunded and changes nothing.
     */
    async refund(id: string) {
      const row = await repo.find(id);
      if (!row) throw new AppError('ORDER_NOT_FOUND');
      if (row.state !== 'paid') throw new AppError('ORDER_NOT_REFUNDABLE');
      const provider = providerNamed(row.provider as ProviderName);
      // An order paid through a provider this node does not offer cannot be paid back from here.
      if (row.provider !== 'dev' && !provider?.refund) throw new AppError('PAYMENT_UNAVAILABLE');
      if (provider?.refund) {
        try {
          await provider.refund({ orderId: row.id, paymentRef: row.paymentRef, checkoutRef: row.providerRef });
        } catch (err) {
          deps.log.error({ err, orderId: row.id }, 'the payment provider could not refund the order');
          throw new AppError('PAYMENT_UNAVAILABLE');
        }
      }
      const done = await settlement.refund(row);
      // Refunded meanwhile by another request or the provider's event.
      if (!done) throw new AppError('ORDER_NOT_REFUNDABLE');
      return {
        order: await toOrder(done.order),
        userId: done.order.userId,
        taken: done.taken,
        owed: done.owed,
        providerRefunded: Boolean(provider?.refund),
      };
    },

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
