export { createBackupModule } from './backup.module.ts';
export { runBackupCli } from './backup.cli.ts';
export { lastBackupGauge } from './backup-metrics.ts';
