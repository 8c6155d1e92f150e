import pino, { type Logger } from 'pino';
import type { Config } from '../config.ts';
import { loggableError } from '../db/errors.ts';

/** An API key's text (`td_live_…`), wherever it turns up. */
const API_KEY_TEXT = /td_live_[0-9A-Za-z]*/g;

/**
 * Query strings carry signed-URL signatures, OAuth codes and API keys: logs keep only the path, and
 * a key sent in the path itself (a mistake, or a probe) is cut to its prefix.
 */
export const redactUrl = (url: string) => {
  const q = url.indexOf('?');
  const path = q === -1 ? url : `${url.slice(0, q)}?…`;
  return path.includes('td_live_') ? path.replace(API_KEY_TEXT, 'td_live_…') : path;
};

type Destination = ReturnType<typeof pino.destination>;

/** A batch goes out once it holds this much, or this long after its first line. */
const BATCH_CHARS = 16 * 1024;
const BATCH_MS = 20;

/**
 * Log lines gathered into batches before they reach pino's asynchronous destination: a batch goes
 * out when it is 16 KB or 20 ms old. Under load that is one write (and one hand-off to the thread
 * that writes) per fifty lines or so instead of one per line or two; a quiet server's lines appear
 * within 20 ms. Pending lines are written before the process exits.
 */
export function batchedLines(destination: Destination) {
  let pending = '';
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  destination.on('close', () => (closed = true));
  const release = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!pending) return;
    const text = pending;
    pending = '';
    if (!closed) destination.write(text);
  };
  // Ahead of pino's own exit handler, which then writes everything out synchronously.
  process.prependOnceListener('exit', () => {
    release();
    if (!closed) destination.flushSync();
  });
  return {
    write(line: string) {
      pending += line;
      if (pending.length >= BATCH_CHARS) release();
      else timer ??= setTimeout(release, BATCH_MS);
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
 * destination, fed in batches), which keeps logging from costing a third of the
 * throughput of small routes.
 */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, opts: { sync?: boolean } = {}): Logger {
  // Asynchronous writes: while one write is in flight, further lines gather and go out together.
  const sync = opts.sync ?? false;
  const destination = pino.destination({ dest: 1, sync });
  return pino(
    {
      level: config.LOG_LEVEL,
      // Credentials never reach a line, should a request's headers ever be logged whole.
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'],
        censor: '[redacted]',
      },
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
    sync ? destination : batchedLines(destination),
  );
}
