import type { Database } from '../../db/client.ts';
import { scoped } from '../../db/scoped.ts';
import { moduleParts } from '../../shared/module-parts.ts';
import { createRateCounterRepository } from './rate-counter.repository.ts';
import { createRateCounterService } from './rate-counter.service.ts';
import { createSessionRepository } from './session.repository.ts';
import { createSessionService } from './session.service.ts';
import { createThrottle } from './throttle.ts';
import { createVerificationCodeRepository } from './verification-code.repository.ts';
import { createVerificationCodeService } from './verification-code.service.ts';

export interface IdentityModuleDeps {
  database: Database;
}

/**
 * Sessions, verification codes and the attempt limits: the bottom of the account modules. The user,
 * billing and sign-in modules build on it; it depends on none of them.
 */
export function createIdentityModule(deps: IdentityModuleDeps) {
  const { db } = deps.database;
  /** Limits kept in the database: sign-in throttles, the operator token's failures, redemptions. */
  const limits = createRateCounterService(createRateCounterRepository(db));
  // No routes of its own: sign-in (auth) and the session plugin serve what it keeps.
  return moduleParts({
    limits,
    sessions: createSessionService(createSessionRepository(db)),
    codes: createVerificationCodeService({ codes: scoped(db, createVerificationCodeRepository) }),
    throttle: createThrottle(limits),
  });
}
