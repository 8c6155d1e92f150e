import type { Database } from '../../db/client.ts';
import type { SessionService, Throttle, VerificationCodeService } from '../auth/index.ts';
import type { UploadService } from '../upload/index.ts';
import { createUserService } from './user.service.ts';

/** Profiles, contacts and passwords of accounts. */
export function createUserModule(deps: {
  database: Database;
  sessions: SessionService;
  codes: VerificationCodeService;
  throttle: Throttle;
  uploads: UploadService;
}) {
  return { users: createUserService(deps) };
}
export type UserModule = ReturnType<typeof createUserModule>;
