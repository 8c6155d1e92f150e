import pino, { type Logger } from 'pino';
import type { Config } from '../config.ts';
import { loggableError } from '../db/errors.ts';

/** Query strings carry signed-URL signatures and OAuth codes: logs keep only the path. */
export const redactUrl = (url: string) => {
  const q = url.indexOf('?');
  return q === -1 ? url : `${url.slice(0, q)}?…`;
};

/**
 * One logger per process. Lines are buffered and written off the request path (pino's async
 * destination), which keeps logging from costing a third of the throughput of small routes.
 */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, opts: { sync?: boolean } = {}): Logger {
  // Asynchronous writes: while one write is in flight, further lines gather and go out together.
  const destination = pino.destination({ dest: 1, sync: opts.sync ?? false });
  return pino(
    {
      level: config.LOG_LEVEL,
      serializers: {
        req: (req: { method?: string; url?: string; id?: string }) => ({
          id: req.id,
          method: req.method,
          url: redactUrl(req.url ?? ''),
        }),
        // Database errors by statement and code only: their messages carry the query's parameters.
        err: (err: Error) => pino.stdSerializers.err(loggableError(err) as Error),
      },
    },
    destination,
  );
}
