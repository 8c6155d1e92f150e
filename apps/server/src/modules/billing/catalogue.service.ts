import type { CatalogueEntry, Product } from '@turing/contract';
import type { ProductRow } from '../../db/schema/index.ts';
import type { Scoped, Transactor } from '../../db/scoped.ts';
import { AppError } from '../../shared/app-error.ts';
import type { AuditWrite } from '../../shared/audit.ts';
import type { CatalogueRepository, NewProduct, ProductPatch } from './catalogue.repository.ts';

export const PERIOD_SECONDS = { day: 86_400, week: 7 * 86_400, month: 30 * 86_400 } as const;
export type Period = keyof typeof PERIOD_SECONDS;

/**
 * What a fresh install sells. Prices in fen and cents; larger packs and longer plans cost less per
 * cube or per day. Operators change them with `npm run admin -- catalogue:set`.
 */
const SEED: NewProduct[] = [
  { id: 'cubes-50', kind: 'cubes', cubes: 50, priceCny: 990, priceUsd: 149, nameEn: '50 cubes', nameZh: '50 魔方' },
  {
    id: 'cubes-200',
    kind: 'cubes',
    cubes: 200,
    priceCny: 3500,
    priceUsd: 499,
    nameEn: '200 cubes',
    nameZh: '200 魔方',
  },
  {
    id: 'cubes-600',
    kind: 'cubes',
    cubes: 600,
    priceCny: 9800,
    priceUsd: 1399,
    nameEn: '600 cubes',
    nameZh: '600 魔方',
  },
  {
    id: 'cubes-1500',
    kind: 'cubes',
    cubes: 1500,
    priceCny: 22_800,
    priceUsd: 3299,
    nameEn: '1,500 cubes',
    nameZh: '1500 魔方',
  },
  { id: 'plan-day', kind: 'plan', period: 'day', priceCny: 1200, priceUsd: 199, nameEn: 'Day plan', nameZh: '日卡' },
  { id: 'plan-week', kind: 'plan', period: 'week', priceCny: 5800, priceUsd: 899, nameEn: 'Week plan', nameZh: '周卡' },
  {
    id: 'plan-month',
    kind: 'plan',
    period: 'month',
    priceCny: 16_800,
    priceUsd: 2499,
    nameEn: 'Month plan',
    nameZh: '月卡',
  },
].map((row, i) => ({ ...row, sort: (i + 1) * 10 }));

const toProduct = (row: ProductRow): Product => ({
  id: row.id,
  kind: row.kind as Product['kind'],
  cubes: row.cubes,
  period: row.period as Product['period'],
  price: { CNY: row.priceCny, USD: row.priceUsd },
  name: { en: row.nameEn, zh: row.nameZh },
});

const toEntry = (row: ProductRow): CatalogueEntry => ({
  id: row.id,
  kind: row.kind as CatalogueEntry['kind'],
  cubes: row.cubes,
  period: row.period as CatalogueEntry['period'],
  priceCny: row.priceCny,
  priceUsd: row.priceUsd,
  nameEn: row.nameEn,
  nameZh: row.nameZh,
  active: row.active,
  sort: row.sort,
  updatedAt: row.updatedAt.toISOString(),
});

const PATCHABLE = ['priceCny', 'priceUsd', 'cubes', 'active', 'nameEn', 'nameZh'] as const;

/** Cube packs and time plans with their prices, kept in the database so operators can change them. */
export function createProductCatalogue(deps: { products: Scoped<CatalogueRepository>; transaction: Transactor }) {
  const { transaction } = deps;
  const repo = deps.products.pool;
  return {
    seed: () => repo.seed(SEED),
    onSale: async () => (await repo.onSale()).map(toProduct),
    /** The product as it is on sale now, or PRODUCT_NOT_FOUND. */
    async forOrder(id: string) {
      const row = await repo.findOnSale(id);
      if (!row) throw new AppError('PRODUCT_NOT_FOUND');
      return row;
    },
    adminList: async () => (await repo.all()).map(toEntry),

    /**
     * Changes what the patch names and differs from the product as it is (locked while it changes),
     * and audits exactly that: the fields' values before and after, in the same transaction.
     */
    async adminUpdate(id: string, patch: ProductPatch, audit?: AuditWrite) {
      return transaction(async (tx) => {
        const r = deps.products.in(tx);
        const current = await r.find(id, { lock: true });
        if (!current) throw new AppError('PRODUCT_NOT_FOUND');
        // A plan grants time, not cubes: giving it cubes would make it a different product.
        if (patch.cubes !== undefined && current.kind !== 'cubes') throw new AppError('CATALOGUE_PLAN_CUBES');
        const changed = PATCHABLE.filter((key) => patch[key] !== undefined && patch[key] !== current[key]);
        const before = Object.fromEntries(changed.map((key) => [key, current[key]]));
        const after = Object.fromEntries(changed.map((key) => [key, patch[key]]));
        const row = changed.length ? await r.update(id, after) : current;
        if (!row) throw new AppError('PRODUCT_NOT_FOUND');
        await audit?.(tx, { targetType: 'product', targetId: id, targetLabel: current.nameEn, before, after });
        return toEntry(row);
      });
    },
  };
}
export type ProductCatalogue = ReturnType<typeof createProductCatalogue>;
