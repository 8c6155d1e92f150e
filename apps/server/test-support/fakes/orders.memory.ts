import { randomUUID } from 'node:crypto';
import type { OrderRow } from '../../src/db/schema/index.ts';
import type { OrdersRepository } from '../../src/modules/billing/orders.repository.ts';
import { unscoped, type MemoryStore } from './memory-store.ts';

/**
 * The orders repository (orders.repository.ts) over in-memory rows: an order moves on only from
 * the state it is asked to leave, and a provider event is recorded once.
 */
export function createMemoryOrders(store: MemoryStore) {
  const rows = store.table<OrderRow>();
  const events = store.table<{ id: string; provider: string; type: string; orderId: string | null }>();
  const { now } = store;
  const copy = (row: OrderRow | undefined) => (row ? { ...row } : null);

  const repository: OrdersRepository = {
    async insert(values) {
      const row: OrderRow = {
        id: randomUUID(),
        cubes: 0,
        planSeconds: 0,
        state: 'pending',
        period: null,
        providerRef: null,
        paymentRef: null,
        createdAt: now(),
        updatedAt: now(),
        paidAt: null,
        refundedAt: null,
        payCode: null,
        expiresAt: null,
        refundState: null,
        refundNote: null,
        ...values,
      } as OrderRow;
      rows.set(row.id, row);
      return { ...row };
    },
    async setCheckout(id, ref, payCode) {
      const row = rows.get(id);
      if (!row) return null;
      row.providerRef ??= ref;
      row.payCode = payCode;
      return { ...row };
    },
    async setPayCode(id, payCode) {
      const row = rows.get(id);
      if (!row || row.state !== 'pending') return null;
      row.payCode = payCode;
      return { ...row };
    },
    async markRefund(id, state, note) {
      const row = rows.get(id);
      if (!row || row.state !== 'paid') return null;
      Object.assign(row, { refundState: state, refundNote: note });
      return { ...row };
    },
    async claimLateRefund(id) {
      const row = rows.get(id);
      if (!row || !['cancelled', 'failed'].includes(row.state) || row.refundState !== null) return null;
      Object.assign(row, { refundState: 'processing', refundNote: 'paid after the order was closed' });
      return { ...row };
    },
    async lateRefundDone(id) {
      const row = rows.get(id);
      if (!row || !['cancelled', 'failed'].includes(row.state) || row.refundState !== 'processing') return null;
      Object.assign(row, { state: 'refunded', refundState: null, refundedAt: now() });
      return { ...row };
    },
    async markLateRefundRefused(id, reason) {
      const row = rows.get(id);
      if (!row || !['cancelled', 'failed'].includes(row.state) || row.refundState !== 'processing') return null;
      Object.assign(row, { refundState: 'refused', refundNote: reason });
      return { ...row };
    },
    open: async (providers, { before, closedSince, limit }) =>
      [...rows.values()]
        .filter(
          (r) =>
            providers.includes(r.provider) &&
            r.createdAt < before &&
            (r.state === 'pending' ||
              r.refundState === 'processing' ||
              (['cancelled', 'failed'].includes(r.state) &&
                r.refundState === null &&
                r.expiresAt !== null &&
                r.expiresAt > closedSince)),
        )
        .sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime())
        .slice(0, limit)
        .map((r) => ({ ...r })),
    async asked(id) {
      const row = rows.get(id);
      // Later than every row before it, as now() is in the database (the store's clock may stand still).
      if (row)
        row.updatedAt = new Date(
          Math.max(now().getTime(), ...[...rows.values()].map((r) => r.updatedAt.getTime() + 1)),
        );
    },
    async setPaymentRef(id, ref) {
      const row = rows.get(id);
      if (row && row.paymentRef === null) row.paymentRef = ref;
    },
    findByPaymentRef: async (provider, ref) =>
      copy([...rows.values()].find((r) => r.provider === provider && r.paymentRef === ref)),
    find: async (id) => copy(rows.get(id)),
    findOwned: async (id, userId) => copy([...rows.values()].find((r) => r.id === id && r.userId === userId)),
    listForUser: () => Promise.reject(new Error('keyset pages are not modelled by the in-memory orders')),
    search: () => Promise.reject(new Error('keyset pages are not modelled by the in-memory orders')),
    usernameOf: async (userId) => `user-${userId}`,
    async transition(id, from, to) {
      const row = rows.get(id);
      if (!row || row.state !== from) return null;
      row.state = to;
      row.updatedAt = now();
      if (to === 'paid') row.paidAt = now();
      if (to === 'refunded') Object.assign(row, { refundedAt: now(), refundState: null });
      return { ...row };
    },
    async recordEvent(event) {
      if (events.has(event.id)) return false;
      events.set(event.id, event);
      return true;
    },
  };
  return { repository, scoped: unscoped(repository), rows, events };
}
