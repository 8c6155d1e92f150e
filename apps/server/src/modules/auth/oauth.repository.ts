import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oauthFlows } from '../../db/schema/index.ts';

export function createOAuthRepository(db: Db) {
  return {
    async insert(values: typeof oauthFlows.$inferInsert) {
      await db.insert(oauthFlows).values(values);
    },
    /**
     * Takes a live state or ticket out, once: parallel callers cannot both get it. With `sessionId`
     * given, only a flow bound to that session matches (a null binding matches a null session).
     */
    async take(id: string, kind: 'state' | 'ticket', now: Date, sessionId?: string | null) {
      const bound =
        sessionId === undefined
          ? undefined
          : sessionId === null
            ? isNull(oauthFlows.sessionId)
            : eq(oauthFlows.sessionId, sessionId);
      const rows = await db
        .delete(oauthFlows)
        .where(and(eq(oauthFlows.id, id), eq(oauthFlows.kind, kind), gt(oauthFlows.expiresAt, now), bound))
        .returning();
      return rows[0] ?? null;
    },
    async deleteExpired(now: Date) {
      return db.delete(oauthFlows).where(lt(oauthFlows.expiresAt, now)).returning({ id: oauthFlows.id });
    },
  };
}
export type OAuthRepository = ReturnType<typeof createOAuthRepository>;
