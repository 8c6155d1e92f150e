/**
 * The constraint or index a failed insert or update broke when it was a unique violation (SQLSTATE
 * 23505), else null. Drizzle wraps the driver's error, so the chain of causes is searched.
 */
export function uniqueViolation(err: unknown): string | null {
  let current: unknown = err;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const e = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
    current = e.cause;
  }
  return null;
}
