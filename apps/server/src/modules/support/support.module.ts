import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { scoped } from '../../db/scoped.ts';
import { bindRoutes, moduleParts } from '../../shared/module-parts.ts';
import type { Logger, MessagingService } from '../messaging/index.ts';
import type { UploadService } from '../upload/index.ts';
import { createSupportRepository } from './support.repository.ts';
import { supportAdminModule, supportModule } from './support.routes.ts';
import { createSupportService } from './support.service.ts';

/** Support tickets. */
export async function createSupportModule(deps: {
  db: Db;
  config: Pick<Config, 'PUBLIC_URL'>;
  uploads: UploadService;
  messaging: MessagingService;
  log: Logger;
}) {
  const { config } = deps;
  const support = createSupportService({
    tickets: scoped(deps.db, createSupportRepository),
    // Drizzle's transaction handle is a database bound to one connection.
    transaction: (work) => deps.db.transaction((tx) => work(tx as unknown as Db)),
    uploads: deps.uploads,
    messaging: deps.messaging,
    log: deps.log,
    publicUrl: config.PUBLIC_URL,
  });
  return moduleParts(
    { support },
    { public: [bindRoutes(supportModule, { support })], admin: [bindRoutes(supportAdminModule, { support })] },
  );
}
