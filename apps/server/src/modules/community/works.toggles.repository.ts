import type { Database } from '../../db/client.ts';

export type ToggleKind = 'like' | 'collect';

// Fixed names by kind, never input: the statements below are built from these only.
const TABLES = {
  like: { rows: 'work_likes', counter: 'like_count', received: 'likes_received' },
  collect: { rows: 'work_collections', counter: 'collect_count', received: 'collects_received' },
} as const;

/** A published work whose creator is not suspended: the only kind anyone may act on. */
const TARGET = `target AS (
  SELECT w.id, w.user_id FROM works w JOIN users u ON u.id = w.user_id
  WHERE w.id = $1::uuid AND w.state = 'published' AND u.suspended_at IS NULL
)`;

/**
 * Each toggle is one statement: the row, the work's counter and the creator's counter change
 * together or not at all, and only by what the row change did. Fifty identical likes at once
 * insert one row (the others meet the conflict and do nothing) and add one to the count. When
 * nothing changed the work is only read, so repeated clicks write nothing.
 */
function toggleStatement(kind: ToggleKind, on: boolean) {
  const t = TABLES[kind];
  const change = on
    ? `INSERT INTO ${t.rows} (user_id, work_id) SELECT $2::uuid, id FROM target ON CONFLICT DO NOTHING RETURNING work_id`
    : `DELETE FROM ${t.rows} WHERE user_id = $2::uuid AND work_id = (SELECT id FROM target) RETURNING work_id`;
  const sign = on ? '+' : '-';
  return `WITH ${TARGET},
changed AS (${change}),
counted AS (
  UPDATE works SET ${t.counter} = ${t.counter} ${sign} 1
  WHERE id = (SELECT id FROM target) AND EXISTS (SELECT 1 FROM changed)
  RETURNING like_count, collect_count, user_id
),
stats AS (
  INSERT INTO user_stats (user_id, ${t.received}) SELECT user_id, ${on ? 1 : 0} FROM counted
  ON CONFLICT (user_id) DO UPDATE SET ${t.received} = user_stats.${t.received} ${sign} 1
)
SELECT like_count, collect_count, true AS changed FROM counted
UNION ALL
SELECT like_count, collect_count, false FROM works
WHERE id = (SELECT id FROM target) AND NOT EXISTS (SELECT 1 FROM changed)`;
}

const STATEMENTS = {
  like: { true: toggleStatement('like', true), false: toggleStatement('like', false) },
  collect: { true: toggleStatement('collect', true), false: toggleStatement('collect', false) },
};

export function createWorksTogglesRepository(database: Database) {
  return {
    /** The counts after the toggle, or null when the work is not public. */
    async toggle(kind: ToggleKind, on: boolean, workId: string, userId: string) {
      let [row] = await database.query<{ like_count: number; collect_count: number; changed: boolean }>(
        STATEMENTS[kind][on ? 'true' : 'false'],
        [workId, userId],
      );
      if (row && !row.changed) {
        // The statement read the counts as of its start; a toggle it waited for (the same like
        // sent twice at once) has committed since, and a fresh read includes it.
        [row] = await database.query('SELECT like_count, collect_count, false AS changed FROM works WHERE id = $1', [
          workId,
        ]);
      }
      return row ? { likeCount: Number(row.like_count), collectCount: Number(row.collect_count) } : null;
    },

    /**
     * Counts a share once per sharer, work and day, in one statement: the row and the counter
     * change together, and a repeated share changes neither. The count after it; null when the
     * work is not public.
     */
    async share(workId: string, sharerKey: string) {
      const statement = `WITH ${TARGET},
changed AS (
  INSERT INTO work_shares (work_id, sharer_key, day) SELECT id, $2::text, current_date FROM target
  ON CONFLICT DO NOTHING RETURNING work_id
),
counted AS (
  UPDATE works SET share_count = share_count + 1 WHERE id = (SELECT work_id FROM changed) RETURNING share_count
)
SELECT share_count, true AS changed FROM counted
UNION ALL
SELECT share_count, false FROM works WHERE id = (SELECT id FROM target) AND NOT EXISTS (SELECT 1 FROM changed)`;
      let [row] = await database.query<{ share_count: number; changed: boolean }>(statement, [workId, sharerKey]);
      if (row && !row.changed) {
        // As for toggles: a share this statement waited for has committed since; read it again.
        [row] = await database.query('SELECT share_count, false AS changed FROM works WHERE id = $1', [workId]);
      }
      return row ? Number(row.share_count) : null;
    },

    /**
     * Files a report, one open report per reporter and work: a second one while the first is open
     * changes nothing. False when the work is not public.
     */
    async report(workId: string, reporter: { id: string | null; key: string }, reason: string, details: string) {
      const [row] = await database.query<{ found: boolean }>(
        `WITH ${TARGET},
filed AS (
  INSERT INTO work_reports (work_id, reporter_id, reporter_key, reason, details)
  SELECT id, $2::uuid, $3::text, $4::text, $5::text FROM target
  ON CONFLICT (work_id, reporter_key) WHERE status = 'open' DO NOTHING RETURNING id
)
SELECT EXISTS (SELECT 1 FROM target) AS found`,
        [workId, reporter.id, reporter.key, reason, details],
      );
      return row?.found === true;
    },
  };
}
export type WorksTogglesRepository = ReturnType<typeof createWorksTogglesRepository>;
