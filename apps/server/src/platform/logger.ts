import pino, { type Logger } from 'pino';
import type { Config } from '../config.ts';
import { loggableError } from '../db/errors.ts';

/** Query strings carry signed-URL signatures and OAuth codes: logs keep only the path. */
export const redactUrl = (url: string) => {
  const q = url.indexOf('?');
  return q === -1 ? url : `${url.slice(0, q)}?…`;
};

type Destination = ReturnType<typeof pino.destination>;

/**
 * The lines logged during one turn of the event loop, handed to the destination together when the
 * turn ends. Under load a turn answers many requests: one write to the destination (and one
 * hand-off to the thread that writes) instead of one per line. Nothing waits longer than the turn.
 */
export function linesPerTurn(destination: Destination) {
  let pending = '';
  let scheduled = false;
  let closed = false;
  destination.on('close', () => (closed = true));
  const release = () => {
    scheduled = false;
    if (!pending) return;
    const text = pending;
    pending = '';
    if (!closed) destination.write(text);
  };
  // Lines of the last turn go out before the process ends, ahead of what is already queued.
  process.prependOnceListener('exit', () => {
    release();
    if (!closed) destination.flushSync();
  });
  return {
    write(line: string) {
      pending += line;
      if (!scheduled) {
        scheduled = true;
        setImmediate(release);
      }
      return true;
    },
    flush(cb?: (err?: Error) => void) {
      release();
      destination.flush(cb);
    },
    flushSync() {
      release();
      destination.flushSync();
    },
  };
}

/**
 * One logger per process. Lines are buffered and written off the request path (pino's async
 * destination, fed once per event-loop turn), which keeps logging from costing a third of the
 * throughput of small routes.
 */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, opts: { sync?: boolean } = {}): Logger {
  // Asynchronous writes: while one write is in flight, further lines gather and go out together.
  const sync = opts.sync ?? false;
  const destination = pino.destination({ dest: 1, sync });
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
    sync ? destination : linesPerTurn(destination),
  );
}
