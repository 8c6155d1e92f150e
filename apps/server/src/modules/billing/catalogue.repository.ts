import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, type ProductRow } from '../../db/schema/index.ts';

export type NewProduct = typeof products.$inferInsert;
export type ProductPatch = Partial<
  Pick<NewProduct, 'priceCny' | 'priceUsd' | 'cubes' | 'active' | 'nameEn' | 'nameZh'>
>;

export function createCatalogueRepository(db: Db) {
  return {
    /** Adds what is missing; a product an operator already changed keeps its prices and state. */
    async seed(rows: NewProduct[]) {
      await db.insert(products).values(rows).onConflictDoNothing();
    },

    all: () => db.select().from(products).orderBy(asc(products.sort), asc(products.id)),

    onSale: () =>
      db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.sort), asc(products.id)),

    async findOnSale(id: string): Promise<ProductRow | null> {
      const [row] = await db
        .select()
        .from(products)
        .where(and(eq(products.id, id), eq(products.active, true)))
        .limit(1);
      return row ?? null;
    },

    async update(id: string, patch: ProductPatch): Promise<ProductRow | null> {
      const [row] = await db
        .update(products)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(products.id, id))
        .returning();
      return row ?? null;
    },

    /** With `lock`, the row stays as read until the caller's transaction ends. */
    async find(id: string, opts: { lock?: boolean } = {}): Promise<ProductRow | null> {
      const query = db.select().from(products).where(eq(products.id, id)).limit(1);
      const [row] = opts.lock ? await query.for('update') : await query;
      return row ?? null;
    },
  };
}
export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
