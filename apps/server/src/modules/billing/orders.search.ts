import {
  ORDERS_EXPORT_MAX,
  type AdminOrder,
  type Locale,
  type Order,
  type Page,
  type PageRequest,
} from '@turing/contract';
import type { OrderRow } from '../../db/schema/index.ts';
import { csvFile } from '../../shared/csv.ts';
import type { OrderFilter, OrdersRepository } from './orders.repository.ts';

/** The console's filter as the contract gives it (dates as ISO text). */
export interface OrderSearchInput {
  state?: string;
  provider?: string;
  currency?: string;
  from?: string;
  to?: string;
  /** The account the operator named, found already. */
  userId?: string;
}

const EXPORT_PAGE = 1000;

const HEADERS = {
  en: [
    'created',
    'paid',
    'order',
    'user id',
    'username',
    'product id',
    'product',
    'pieces',
    'amount',
    'currency',
    'provider',
    'state',
    'refund',
    'refund note',
    'refunded',
  ],
  zh: [
    '下单时间',
    '支付时间',
    '订单号',
    '用户 ID',
    '用户名',
    '商品编号',
    '商品',
    '数量',
    '金额',
    '币种',
    '支付方式',
    '状态',
    '退款',
    '退款说明',
    '退款时间',
  ],
};

const filterOf = (q: OrderSearchInput): OrderFilter => ({
  state: q.state,
  provider: q.provider,
  currency: q.currency,
  from: q.from ? new Date(q.from) : undefined,
  to: q.to ? new Date(q.to) : undefined,
  userId: q.userId,
});

/** Every user's orders for the console: a page at a time, or as one CSV file. */
export function createOrderSearch(deps: {
  orders: Pick<OrdersRepository, 'search'>;
  toOrders: (rows: OrderRow[]) => Promise<Order[]>;
  exportMax?: number;
}) {
  const exportMax = deps.exportMax ?? ORDERS_EXPORT_MAX;

  async function pageOf(filter: OrderFilter, page: PageRequest): Promise<Page<AdminOrder>> {
    const found = await deps.orders.search(filter, page);
    const orders = await deps.toOrders(found.items.map((r) => r.order));
    return {
      items: orders.map((order, i) => {
        const row = found.items[i]!;
        return {
          ...order,
          user: { id: row.order.userId, username: row.username },
          refundedAt: row.order.refundedAt?.toISOString() ?? null,
        };
      }),
      nextCursor: found.nextCursor,
    };
  }

  return {
    search: (q: OrderSearchInput, page: PageRequest) => pageOf(filterOf(q), page),

    /** Newest first, at most `exportMax` rows (the console says to narrow the filter past that). */
    async exportCsv(q: OrderSearchInput, locale: Locale) {
      const filter = filterOf(q);
      const rows: AdminOrder[] = [];
      let cursor: string | undefined;
      while (rows.length < exportMax) {
        const page = await pageOf(filter, { cursor, limit: Math.min(EXPORT_PAGE, exportMax - rows.length) });
        rows.push(...page.items);
        if (!page.nextCursor) break;
        cursor = page.nextCursor;
      }
      return csvFile(
        HEADERS[locale],
        rows.map((o) => [
          o.createdAt,
          o.paidAt,
          o.id,
          o.user.id,
          o.user.username,
          o.productId,
          o.name[locale],
          o.pieces,
          (o.amount / 100).toFixed(2),
          o.currency,
          o.provider,
          o.state,
          o.refund,
          o.refundNote,
          o.refundedAt,
        ]),
      );
    },
  };
}
