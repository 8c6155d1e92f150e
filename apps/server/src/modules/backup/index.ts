export { createBackupModule } from './backup.module.ts';
export { runBackupCli } from './backup.cli.ts';
