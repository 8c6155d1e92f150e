import type { Database } from '../../db/client.ts';
import { scoped } from '../../db/scoped.ts';
import { bindRoutes, moduleParts } from '../../shared/module-parts.ts';
import type { SessionService, Throttle, VerificationCodeService } from '../identity/index.ts';
import type { UploadService } from '../upload/index.ts';
import { createUserRepository } from './user.repository.ts';
import { userModule } from './user.routes.ts';
import { createUserService } from './user.service.ts';

/** Profiles, contacts and passwords of accounts. */
export function createUserModule(deps: {
  database: Database;
  sessions: SessionService;
  codes: VerificationCodeService;
  throttle: Throttle;
  uploads: UploadService;
}) {
  const { database } = deps;
  const users = createUserService({
    users: scoped(database.db, createUserRepository),
    transaction: (work) => database.transaction(work),
    sessions: deps.sessions,
    codes: deps.codes,
    throttle: deps.throttle,
    uploads: deps.uploads,
  });
  return moduleParts({ users }, { account: [bindRoutes(userModule, { users })] });
}
