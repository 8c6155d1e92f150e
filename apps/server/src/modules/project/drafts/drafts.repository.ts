import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { studioDrafts, type StudioDraftRow } from '../../../db/schema/index.ts';

interface DraftKey {
  userId: string;
  /** The project's id, or `none` outside any project. */
  scope: string;
  mode: string;
}

export interface DraftsRepository {
  get(key: DraftKey): Promise<StudioDraftRow | null>;
  /**
   * Writes the draft when nothing newer is kept: the stored rev is still `baseRev` (no other tab or
   * computer saved since this one last did), or the stored edit is older than this one. One statement,
   * so two saves at once cannot both win. Null when the kept draft is newer.
   */
  save(
    key: DraftKey,
    draft: { data: Record<string, unknown>; baseRev: number; editedAt: Date },
  ): Promise<StudioDraftRow | null>;
  clear(userId: string, which: { scope?: string; mode?: string }): Promise<void>;
}

export function createDraftsRepository(db: Db): DraftsRepository {
  const of = (key: DraftKey) =>
    and(eq(studioDrafts.userId, key.userId), eq(studioDrafts.scope, key.scope), eq(studioDrafts.mode, key.mode));
  return {
    async get(key) {
      const [row] = await db.select().from(studioDrafts).where(of(key)).limit(1);
      return row ?? null;
    },
    async save(key, draft) {
      const [row] = await db
        .insert(studioDrafts)
        .values({ ...key, data: draft.data, rev: 1, editedAt: draft.editedAt })
        .onConflictDoUpdate({
          target: [studioDrafts.userId, studioDrafts.scope, studioDrafts.mode],
          set: {
            data: sql`excluded.data`,
            rev: sql`${studioDrafts.rev} + 1`,
            editedAt: sql`excluded.edited_at`,
            updatedAt: sql`now()`,
          },
          setWhere: sql`${studioDrafts.rev} = ${draft.baseRev} or ${studioDrafts.editedAt} < excluded.edited_at`,
        })
        .returning();
      return row ?? null;
    },
    async clear(userId, which) {
      await db
        .delete(studioDrafts)
        .where(
          and(
            eq(studioDrafts.userId, userId),
            which.scope === undefined ? undefined : eq(studioDrafts.scope, which.scope),
            which.mode === undefined ? undefined : eq(studioDrafts.mode, which.mode),
          ),
        );
    },
  };
}
