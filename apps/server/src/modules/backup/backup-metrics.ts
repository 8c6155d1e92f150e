import { Gauge, type Registry } from 'prom-client';

const LAST_SUCCESS = 'turing_backup_last_success_timestamp_seconds';

/**
 * When this node last wrote a scheduled backup (Unix seconds; 0: not since it started), on the
 * process's metrics. One node takes each tick, so the deployment's figure is the `max` over nodes:
 * an alert on its age catches a schedule that stopped or keeps failing.
 */
export function lastBackupGauge(registry: Registry): Gauge {
  // Registered once per registry, however many times the workers of one process are started.
  const known = registry.getSingleMetric(LAST_SUCCESS);
  if (known) return known as Gauge;
  return new Gauge({
    name: LAST_SUCCESS,
    help: 'When this node last wrote a scheduled backup (BACKUP_CRON), in Unix seconds; 0 if not since it started',
    registers: [registry],
  });
}
