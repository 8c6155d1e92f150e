import { AppError } from '../../shared/app-error.ts';
import type { RateCounterService } from '../identity/index.ts';
import { tokenMatches } from './admin-token.ts';

/**
 * Wrong admin tokens allowed per address in a window. Ten is plenty for an operator mistyping or
 * pasting a stale token, and turns guessing into ~1,000 tries a day from one address against a
 * 256-bit token, which no number of tries guesses. So the right token is always accepted: a
 * lock-out would protect nothing, and anyone sharing the operator's address (a proxy without
 * TRUST_PROXY, a NAT) could use it to lock the operator out.
 */
export const ADMIN_TOKEN_MAX_FAILURES = 10;
export const ADMIN_TOKEN_WINDOW_MS = 15 * 60_000;

export function createAdminGuard(opts: { token: string; limits: RateCounterService }) {
  const keyOf = (ip: string) => `admin-token:${ip}`;
  return {
    /**
     * Passes with the right token, whatever came before. Otherwise counts the failure against the
     * address in one atomic statement and throws ADMIN_TOKEN_INVALID, or ADMIN_TOKEN_LOCKED (with
     * `seconds` until the window ends) once the address has had too many.
     */
    async check(ip: string, given: unknown): Promise<void> {
      if (tokenMatches(opts.token, given)) return;
      try {
        await opts.limits.consume(keyOf(ip), ADMIN_TOKEN_MAX_FAILURES, ADMIN_TOKEN_WINDOW_MS);
      } catch (err) {
        if (err instanceof AppError && err.code === 'RATE_LIMITED') {
          throw new AppError('ADMIN_TOKEN_LOCKED', { params: err.params });
        }
        throw err;
      }
      throw new AppError('ADMIN_TOKEN_INVALID');
    },
  };
}
export type AdminGuard = ReturnType<typeof createAdminGuard>;
