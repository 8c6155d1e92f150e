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
        ...values,
      } as OrderRow;
      rows.set(row.id, row);
      return { ...row };
    },
    async setProviderRef(id, ref) {
      const row = rows.get(id);
      if (row && row.providerRef === null) row.providerRef = ref;
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
    async transition(id, from, to) {
      const row = rows.get(id);
      if (!row || row.state !== from) return null;
      row.state = to;
      row.updatedAt = now();
      if (to === 'paid') row.paidAt = now();
      if (to === 'refunded') row.refundedAt = now();
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
