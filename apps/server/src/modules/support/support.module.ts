import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { RateCounterService } from '../auth/index.ts';
import type { Logger, MessagingService } from '../messaging/index.ts';
import type { UploadService } from '../upload/index.ts';
import { createAdminGuard } from './admin-guard.ts';
import { ensureAdminToken } from './admin-token.ts';
import { createSupportService } from './support.service.ts';

/** Support tickets, and the operator's token and the guard that checks it. */
export async function createSupportModule(deps: {
  db: Db;
  config: Pick<Config, 'DATA_DIR' | 'ADMIN_TOKEN' | 'PUBLIC_URL'>;
  limits: RateCounterService;
  uploads: UploadService;
  messaging: MessagingService;
  log: Logger;
}) {
  const { config } = deps;
  const adminToken = await ensureAdminToken({ dataDir: config.DATA_DIR, configured: config.ADMIN_TOKEN });
  return {
    adminToken,
    adminGuard: createAdminGuard({ token: adminToken, limits: deps.limits }),
    support: createSupportService({
      db: deps.db,
      uploads: deps.uploads,
      messaging: deps.messaging,
      log: deps.log,
      publicUrl: config.PUBLIC_URL,
    }),
  };
}
export type SupportModule = Awaited<ReturnType<typeof createSupportModule>>;
