import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DEVELOPER_LIMITS } from '@turing/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../shared/app-error.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Visible ASCII, as the IETF draft's examples and every SDK's keys (UUIDs, ULIDs) are. */
const KEY = /^[\x21-\x7e]+$/;

/**
 * A first request that has not answered within this long died with its process (requests time out
 * long before): the same request may take the key over.
 */
const ABANDONED_AFTER = '10 minutes';

export type Replay = { status: number; body: unknown };

/**
 * Idempotency-Key for the public API's POSTs, per the IETF draft: per user, the first answer of a key
 * is kept 24 hours and replayed for the same request; another request under the key is refused (422),
 * and so is a retry while the first is still being answered (409). Claiming the key is one
 * statement, so two parallel requests with one key cannot both run.
 */
export function createIdempotency(db: Db) {
  const fingerprint = (parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('hex');

  return {
    fingerprint,

    /** Runs `answer` once per (user, key, request); the header's absence runs it plainly, unless `required`. */
    async run(
      userId: string,
      header: string | string[] | undefined,
      print: string,
      required: boolean,
      answer: () => Promise<Replay>,
    ): Promise<Replay & { replayed: boolean }> {
      if (header === undefined) {
        if (required) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
        return { ...(await answer()), replayed: false };
      }
      const key = Array.isArray(header) ? '' : header;
      if (!KEY.test(key) || key.length > DEVELOPER_LIMITS.idempotencyKeyMax)
        throw new AppError('IDEMPOTENCY_KEY_INVALID');
      const claimed = rowsOf<{ claimed_at: string }>(
        await db.execute(sql`
          insert into idempotency_keys (user_id, key, fingerprint, state, created_at, expires_at)
          values (${userId}, ${key}, ${print}, 'in_flight', now(), now() + ${`${DEVELOPER_LIMITS.idempotencyHours} hours`}::interval)
          on conflict (user_id, key) do update set
            fingerprint = excluded.fingerprint, state = 'in_flight', status_code = null, response = null,
            created_at = now(), expires_at = excluded.expires_at
          where idempotency_keys.expires_at <= now()
            or (idempotency_keys.state = 'in_flight' and idempotency_keys.fingerprint = excluded.fingerprint
                and idempotency_keys.created_at < now() - ${ABANDONED_AFTER}::interval)
          returning created_at::text as claimed_at`),
      );
      if (!claimed.length) {
        const [held] = rowsOf<{ fingerprint: string; state: string; status_code: number | null; response: unknown }>(
          await db.execute(sql`
            select fingerprint, state, status_code, response from idempotency_keys
            where user_id = ${userId} and key = ${key}`),
        );
        if (held && held.fingerprint !== print) throw new AppError('IDEMPOTENCY_KEY_REUSED');
        if (!held || held.state !== 'done' || held.status_code === null)
          throw new AppError('IDEMPOTENCY_KEY_IN_FLIGHT');
        return { status: held.status_code, body: held.response, replayed: true };
      }
      let result: Replay;
      try {
        result = await answer();
      } catch (err) {
        // Refused or failed: nothing was done under the key, so it may be used again.
        await db
          .execute(
            sql`delete from idempotency_keys where user_id = ${userId} and key = ${key} and created_at = ${claimed[0]!.claimed_at}::timestamptz`,
          )
          .catch(() => {});
        throw err;
      }
      // Only under this claim (a request that took the key over after this one was judged dead
      // keeps its own answer). Not written: the key stays claimed until it may be taken over.
      await db
        .execute(
          sql`
          update idempotency_keys set state = 'done', status_code = ${result.status},
            response = ${JSON.stringify(result.body ?? null)}::jsonb
          where user_id = ${userId} and key = ${key} and created_at = ${claimed[0]!.claimed_at}::timestamptz`,
        )
        .catch(() => {});
      return { ...result, replayed: false };
    },

    /** Housekeeping: answers older than 24 hours are forgotten. */
    async sweep() {
      const rows = rowsOf<unknown>(
        await db.execute(sql`delete from idempotency_keys where expires_at < now() returning 1`),
      );
      return rows.length;
    },
  };
}
export type Idempotency = ReturnType<typeof createIdempotency>;
