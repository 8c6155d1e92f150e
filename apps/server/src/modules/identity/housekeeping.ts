import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateCounters, sessions, verificationCodes } from '../../db/schema/index.ts';

const DAY_MS = 86_400_000;

/** Removes what can no longer be used here: expired sessions, old codes and finished rate windows. */
export async function sweepExpiredIdentity(db: Db, now = new Date()) {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const removed = await Promise.all([
    db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id }),
    // Codes are kept a day after use or expiry so the cooldown and audit questions can still be answered.
    db
      .delete(verificationCodes)
      .where(
        or(
          lt(verificationCodes.expiresAt, dayAgo),
          and(isNotNull(verificationCodes.consumedAt), lt(verificationCodes.consumedAt, dayAgo)),
        ),
      )
      .returning({ id: verificationCodes.id }),
    db.delete(rateCounters).where(lt(rateCounters.windowEndsAt, now)).returning({ key: rateCounters.key }),
  ]);
  return { sessions: removed[0].length, codes: removed[1].length, rateCounters: removed[2].length };
}
