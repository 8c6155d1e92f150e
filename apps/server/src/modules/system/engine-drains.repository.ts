import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { engineDrains } from '../../db/schema/index.ts';

export type EngineDrainRow = typeof engineDrains.$inferSelect;

/** The engine servers operators took out of rotation. Queries only. */
export function createEngineDrainsRepository(db: Db) {
  return {
    list: () => db.select().from(engineDrains),

    /** The new drain, or null when the server was drained already. */
    async insert(url: string, drainedBy: string) {
      const [row] = await db.insert(engineDrains).values({ url, drainedBy }).onConflictDoNothing().returning();
      return row ?? null;
    },

    /** The drain removed, or null when there was none. */
    async remove(url: string) {
      const [row] = await db.delete(engineDrains).where(eq(engineDrains.url, url)).returning();
      return row ?? null;
    },
  };
}
export type EngineDrainsRepository = ReturnType<typeof createEngineDrainsRepository>;
