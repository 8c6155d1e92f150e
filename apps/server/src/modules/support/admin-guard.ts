import { AppError } from '../../shared/app-error.ts';
import type { RateCounterService } from '../auth/rate-counter.service.ts';
import { tokenMatches } from './admin-token.ts';

/**
 * Wrong admin tokens allowed per address in a window. Ten is plenty for an operator mistyping or
 * pasting a stale token, and turns guessing into ~1,000 tries a day from one address (against a
 * 256-bit token). While an address is over it, even the right token is refused: otherwise the
 * answer to a guess would still tell right from wrong.
 */
export const ADMIN_TOKEN_MAX_FAILURES = 10;
export const ADMIN_TOKEN_WINDOW_MS = 15 * 60_000;

export function createAdminGuard(opts: { token: string; limits: RateCounterService }) {
  const keyOf = (ip: string) => `admin-token:${ip}`;
  return {
    /**
     * Passes with the right token; otherwise throws ADMIN_TOKEN_INVALID and counts the failure, or
     * ADMIN_TOKEN_LOCKED (with `seconds` until the window ends) once the address has too many.
     */
    async check(ip: string, given: unknown): Promise<void> {
      // Every attempt is counted first, in one atomic statement, so parallel guesses cannot all be
      // compared; the right token then clears the count, so it never counts as a failure.
      try {
        await opts.limits.consume(keyOf(ip), ADMIN_TOKEN_MAX_FAILURES, ADMIN_TOKEN_WINDOW_MS);
      } catch (err) {
        if (err instanceof AppError && err.code === 'RATE_LIMITED') {
          throw new AppError('ADMIN_TOKEN_LOCKED', { params: err.params });
        }
        throw err;
      }
      if (tokenMatches(opts.token, given)) {
        await opts.limits.clear(keyOf(ip));
        return;
      }
      throw new AppError('ADMIN_TOKEN_INVALID');
    },
  };
}
export type AdminGuard = ReturnType<typeof createAdminGuard>;
