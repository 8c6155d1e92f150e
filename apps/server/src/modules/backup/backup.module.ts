import { bindRoutes, moduleParts } from '../../shared/module-parts.ts';
import { backupAdminModule } from './backup.admin.routes.ts';
import { createBackupService, type BackupDeps } from './backup.service.ts';

/** Backups: the operator's download of the running product and the scheduled archives (BACKUP_CRON). */
export function createBackupModule(deps: BackupDeps) {
  const backups = createBackupService(deps);
  return moduleParts({ backups }, { admin: [bindRoutes(backupAdminModule, { backups })] });
}
