import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { banners } from '../../db/schema/index.ts';
import { sqlRows } from './sql-rows.ts';

export type BannerRow = typeof banners.$inferSelect;
export type BannerFields = Pick<
  typeof banners.$inferInsert,
  'titleEn' | 'titleZh' | 'subtitleEn' | 'subtitleZh' | 'link' | 'active' | 'startsAt' | 'endsAt'
>;

/** Community banners as operators manage them. Queries only. */
export function createBannersRepository(db: Db) {
  return {
    list: () => db.select().from(banners).orderBy(asc(banners.sort), asc(banners.id)),

    /** Every banner id in carousel order, locked until the caller's transaction ends. */
    async lockOrder() {
      const rows = await db
        .select({ id: banners.id })
        .from(banners)
        .orderBy(asc(banners.sort), asc(banners.id))
        .for('update');
      return rows.map((r) => r.id);
    },

    async lock(id: string) {
      const [row] = await db.select().from(banners).where(eq(banners.id, id)).for('update');
      return row ?? null;
    },

    /** Adds a banner after the others, in one statement that also holds the count under `max`. */
    async insertUnderCap(fields: BannerFields & { imageKey: string }, max: number) {
      const at = (d: Date | null | undefined) => d?.toISOString() ?? null;
      // Two creations at once would both count the same banners (READ COMMITTED): they queue here,
      // until the caller's transaction ends.
      await db.execute(sql`select pg_advisory_xact_lock(hashtext('banners'))`);
      const [made] = await sqlRows<{ id: string }>(
        db,
        sql`insert into ${banners} (title_en, title_zh, subtitle_en, subtitle_zh, link, active, starts_at, ends_at, image_key, sort)
        select ${fields.titleEn}, ${fields.titleZh}, ${fields.subtitleEn ?? ''}, ${fields.subtitleZh ?? ''}, ${fields.link ?? ''},
          ${fields.active ?? true}, ${at(fields.startsAt)}::timestamptz, ${at(fields.endsAt)}::timestamptz, ${fields.imageKey},
          coalesce((select max(sort) + 1 from ${banners}), 0)
        where (select count(*) from ${banners}) < ${max}
        returning id`,
      );
      const id = made?.id;
      if (!id) return null;
      const [row] = await db.select().from(banners).where(eq(banners.id, id));
      return row ?? null;
    },

    async update(id: string, patch: Partial<BannerFields> & { imageKey?: string }) {
      const [row] = await db
        .update(banners)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(banners.id, id))
        .returning();
      return row ?? null;
    },

    /** Gives the banners their places: `ids[i]` goes to place i, in one statement. */
    async setOrder(ids: string[]) {
      if (ids.length === 0) return;
      const list = sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      );
      await db.execute(sql`
        update ${banners} b set sort = o.n - 1, updated_at = now()
        from unnest(array[${list}]::uuid[]) with ordinality as o(id, n)
        where b.id = o.id and b.sort <> o.n - 1`);
    },

    async remove(id: string) {
      const [row] = await db.delete(banners).where(eq(banners.id, id)).returning();
      return row ?? null;
    },
  };
}
export type BannersRepository = ReturnType<typeof createBannersRepository>;
