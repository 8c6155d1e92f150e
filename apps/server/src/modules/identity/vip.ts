import { sql } from 'drizzle-orm';
import { accounts, users } from '../../db/schema/index.ts';

/**
 * Whether the user's time plan is running, read from when it ends: a stored flag would stay true
 * after the plan ran out. Select it as `isVip` wherever a profile is built from the users table.
 * Billing writes the plan; it is read here, in the bottom module, because the session's user and
 * the user module's profiles both show it, and neither may depend on billing.
 */
export const isVipNow = sql<boolean>`exists (select 1 from ${accounts} where ${accounts.userId} = ${users.id} and ${accounts.planUntil} > now())`;
