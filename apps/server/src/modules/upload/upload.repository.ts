import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uploads } from '../../db/schema/index.ts';

export function createUploadRepository(db: Db) {
  return {
    async insert(values: typeof uploads.$inferInsert) {
      const [row] = await db.insert(uploads).values(values).returning();
      return row!;
    },
    async findOwned(id: string, userId: string) {
      const [row] = await db
        .select()
        .from(uploads)
        .where(and(eq(uploads.id, id), eq(uploads.userId, userId)))
        .limit(1);
      return row ?? null;
    },
  };
}
