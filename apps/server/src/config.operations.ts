import path from 'node:path';
import { PgBoss } from 'pg-boss';
import { z } from 'zod';

const HOST_PORT = /^(\[[0-9a-fA-F:]+\]|[\w.-]+):(\d{1,5})$/;

const optionalText = z
  .string()
  .trim()
  .default('')
  .transform((v) => v || undefined);

let cronReader: PgBoss | undefined;
/**
 * Why a backup schedule cannot be used, or null when it can: five fields (minute, hour, day of
 * month, month, day of week) or an alias such as `@daily`, read by the parser the job queue's own
 * schedule uses (pg-boss's preview of it, which needs no database), so what passes here is what runs.
 */
function cronProblem(expression: string): string | null {
  if (!/^@\w+$/.test(expression) && expression.split(/\s+/).length !== 5)
    return 'must be a cron expression of five fields (minute hour day-of-month month day-of-week), e.g. `30 3 * * *`';
  cronReader ??= new PgBoss({ db: { executeSql: () => Promise.reject(new Error('not connected')) } });
  try {
    cronReader.previewSchedule(expression, { from: new Date(0), count: 1 });
    return null;
  } catch (err) {
    return `is not a cron expression the job queue can run (${(err as Error).message}), e.g. \`30 3 * * *\``;
  }
}

/**
 * What operators of a running product watch and keep: the metrics listener, tracing and the
 * scheduled backups.
 */
export const operationsSettings = {
  METRICS_LISTEN: optionalText
    .pipe(
      z
        .string()
        .regex(HOST_PORT, 'must be host:port, e.g. 127.0.0.1:9464')
        .refine((v) => Number(v.split(':').pop()) <= 65_535, 'the port must be 0 to 65535')
        .optional(),
    )
    .describe(
      'where `GET /metrics` (Prometheus text format) is served, as `host:port` (e.g. `127.0.0.1:9464`): a listener of its own on every node, API and worker alike, never on `PORT`; off when unset (request durations are then not measured at all)',
    )
    .meta({ shown: 'off' }),
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalText
    .pipe(z.url('must be an http(s) address').optional())
    .describe(
      "an OpenTelemetry collector's base address (OTLP over HTTP, e.g. `http://otel-collector:4318`; spans go to `/v1/traces`): when set, requests and tasks are traced from submit through the worker to the engine call; off when unset, and OpenTelemetry is not even loaded. The SDK's own `OTEL_EXPORTER_OTLP_HEADERS` and `OTEL_TRACES_SAMPLER` apply as usual",
    )
    .meta({ shown: 'off' }),
  OTEL_SERVICE_NAME: z
    .string()
    .trim()
    .default('turing-design')
    .describe(
      'the service name the traces carry (`service.name`); each node adds its role (`turing.role`) and `NODE_ID` (`service.instance.id`)',
    ),
  BACKUP_CRON: optionalText
    .superRefine((value, ctx) => {
      const problem = value === undefined ? null : cronProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .describe(
      'when scheduled backups run, as a cron expression in UTC (e.g. `30 3 * * *`, nightly at 03:30): one node at a time, through the job queue; off when unset',
    )
    .meta({ shown: 'off' }),
  BACKUP_DIR: optionalText
    .transform((v) => v && path.resolve(v))
    .describe('where scheduled backups are written (a folder every worker node can reach)')
    .meta({ shown: '`DATA_DIR/backups`' }),
  BACKUP_KEEP: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(7)
    .describe('how many scheduled backups are kept; older ones are deleted after a new one is complete'),
};
