import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oauthFlows } from '../../db/schema/index.ts';
import { sweepExpiredIdentity } from '../identity/index.ts';

/** Removes what can no longer be used: expired sessions, old codes, finished rate windows and sign-in flows. */
export async function sweepExpired(db: Db, now = new Date()) {
  const [identity, flows] = await Promise.all([
    sweepExpiredIdentity(db, now),
    db.delete(oauthFlows).where(lt(oauthFlows.expiresAt, now)).returning({ id: oauthFlows.id }),
  ]);
  return { ...identity, oauthFlows: flows.length };
}
