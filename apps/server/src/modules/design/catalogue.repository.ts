import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tags, users, wordPackages } from '../../db/schema/index.ts';
import { TAG_SEEDS, type TagSeed } from './catalogue/tags.data.ts';
import { WORD_PACKAGE_SEEDS } from './catalogue/word-packages.data.ts';

export type TagRow = typeof tags.$inferSelect;
export type WordPackageRow = typeof wordPackages.$inferSelect;

export function createCatalogueRepository(db: Db) {
  return {
    /**
     * Writes the seeded tags (the catalogue's, then `extraTags` after them) and recommended
     * packages; idempotent, so every start may run it.
     */
    async seed(extraTags: readonly TagSeed[] = []) {
      await db
        .insert(tags)
        .values(
          [...TAG_SEEDS, ...extraTags].map((s, i) => ({
            slug: s.slug,
            category: s.category,
            type: s.type,
            labelEn: s.en,
            labelZh: s.zh,
            prompt: s.prompt,
            sort: i,
          })),
        )
        .onConflictDoUpdate({
          target: [tags.category, tags.slug],
          set: {
            type: sql`excluded.type`,
            labelEn: sql`excluded.label_en`,
            labelZh: sql`excluded.label_zh`,
            prompt: sql`excluded.prompt`,
            sort: sql`excluded.sort`,
          },
        });
      await db
        .insert(wordPackages)
        .values(WORD_PACKAGE_SEEDS.map((p, i) => ({ ...p, userId: null, sort: i })))
        .onConflictDoUpdate({
          target: wordPackages.id,
          set: {
            name: sql`excluded.name`,
            nameZh: sql`excluded.name_zh`,
            positive: sql`excluded.positive`,
            negative: sql`excluded.negative`,
          },
        });
    },

    tagsFor: (type: string) =>
      db
        .select()
        .from(tags)
        .where(or(eq(tags.type, type), eq(tags.type, 'both')))
        .orderBy(asc(tags.sort)),

    tagsBySlug: (category: string, slugs: string[]) =>
      slugs.length
        ? db
            .select()
            .from(tags)
            .where(and(eq(tags.category, category), inArray(tags.slug, slugs)))
        : Promise.resolve([] as TagRow[]),

    recommendedPackages: () =>
      db.select().from(wordPackages).where(isNull(wordPackages.userId)).orderBy(asc(wordPackages.sort)),

    ownPackages: (userId: string) =>
      db.select().from(wordPackages).where(eq(wordPackages.userId, userId)).orderBy(desc(wordPackages.createdAt)),

    /** Packages a user may apply: recommended ones and their own. */
    usablePackages: (userId: string, ids: string[]) =>
      ids.length
        ? db
            .select()
            .from(wordPackages)
            .where(and(inArray(wordPackages.id, ids), or(isNull(wordPackages.userId), eq(wordPackages.userId, userId))))
        : Promise.resolve([] as WordPackageRow[]),

    /**
     * Makes a word package unless the user already has `max`; null then. The owner's row is locked
     * first, so concurrent creates count one after another: read committed takes the insert's
     * snapshot once the lock is held, and its count sees every committed package.
     */
    async createPackageUnderCap(
      userId: string,
      values: { name: string; positive: string; negative: string },
      max: number,
    ) {
      await db.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for no key update`);
      const made = (await db.execute(sql`
        insert into ${wordPackages} (user_id, name, positive, negative)
        select ${userId}::uuid, ${values.name}, ${values.positive}, ${values.negative}
        where (select count(*) from ${wordPackages} where user_id = ${userId}) < ${max}
        returning id`)) as unknown as { rows: { id: string }[] };
      if (!made.rows[0]) return null;
      const [row] = await db.select().from(wordPackages).where(eq(wordPackages.id, made.rows[0].id));
      return row!;
    },

    async updatePackage(userId: string, id: string, values: { name: string; positive: string; negative: string }) {
      const [row] = await db
        .update(wordPackages)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(wordPackages.id, id), eq(wordPackages.userId, userId)))
        .returning();
      return row ?? null;
    },

    async deletePackage(userId: string, id: string) {
      const rows = await db
        .delete(wordPackages)
        .where(and(eq(wordPackages.id, id), eq(wordPackages.userId, userId)))
        .returning({ id: wordPackages.id });
      return rows.length === 1;
    },
  };
}
export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
