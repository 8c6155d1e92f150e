import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { presetImages, tags } from '../../../db/schema/index.ts';

export type PresetImageRow = typeof presetImages.$inferSelect;

/** Which row of preset_images belongs to a tag: its category and slug, as its picture URL names it. */
export const presetTagId = (category: string, slug: string) => `${category}/${slug}`;

/** Operators' replacement pictures of style and material tags, and those tags. Queries only. */
export function createPresetPicturesRepository(db: Db) {
  return {
    replacements: () => db.select().from(presetImages),

    async find(tagId: string) {
      const [row] = await db.select().from(presetImages).where(eq(presetImages.tagId, tagId));
      return row ?? null;
    },

    async lock(tagId: string) {
      // A tag with no row yet has nothing to lock: two first replacements queue on the tag instead.
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`preset:${tagId}`}))`);
      const [row] = await db.select().from(presetImages).where(eq(presetImages.tagId, tagId)).for('update');
      return row ?? null;
    },

    /** Records a new picture for the tag, one version past the one it replaces. */
    async upsert(tagId: string, imageKey: string, updatedBy: string) {
      const [row] = await db
        .insert(presetImages)
        .values({ tagId, imageKey, updatedBy, version: 1 })
        .onConflictDoUpdate({
          target: presetImages.tagId,
          set: { imageKey, updatedBy, version: sql`${presetImages.version} + 1`, updatedAt: sql`now()` },
        })
        .returning();
      return row!;
    },

    async remove(tagId: string) {
      const [row] = await db.delete(presetImages).where(eq(presetImages.tagId, tagId)).returning();
      return row ?? null;
    },

    /** The tags whose cards show a picture, in the studio's order. */
    pictured: (categories: readonly string[]) =>
      db
        .select()
        .from(tags)
        .where(inArray(tags.category, [...categories]))
        .orderBy(asc(tags.sort)),

    async tag(category: string, slug: string) {
      const [row] = await db
        .select()
        .from(tags)
        .where(and(eq(tags.category, category), eq(tags.slug, slug)));
      return row ?? null;
    },
  };
}
export type PresetPicturesRepository = ReturnType<typeof createPresetPicturesRepository>;
