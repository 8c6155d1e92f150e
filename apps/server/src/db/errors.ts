/** A PostgreSQL error code (SQLSTATE): five digits or capitals, e.g. 22P02. */
const SQLSTATE = /^[0-9A-Z]{5}$/;

interface ChainLink {
  message?: unknown;
  code?: unknown;
  severity?: unknown;
  query?: unknown;
  params?: unknown;
  cause?: unknown;
  stack?: unknown;
}

/** Only the call frames of a stack: its first lines repeat the message, which may hold SQL parameters. */
const framesOf = (stack: unknown) =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => line.startsWith('    at '))
        .join('\n')
    : undefined;

/** A database error as logs keep it: the statement and the error code, nothing it was given. */
class DatabaseError extends Error {
  readonly code: string | null;
  readonly statement: string | null;
  constructor(code: string | null, statement: string | null, frames: string | undefined) {
    super(`database error${code ? ` ${code}` : ''}`);
    this.name = 'DatabaseError';
    this.code = code;
    this.statement = statement;
    this.stack = `DatabaseError: ${this.message}${frames ? `\n${frames}` : ''}`;
  }
}

/**
 * What a log line may say about an error. A failed query's message carries its parameters (user
 * ids, prompts, e-mail addresses) and the database's own message and detail quote values, so a
 * database error is logged as its statement and error code only, with the call frames. Any
 * other error is returned as it is.
 */
export function loggableError(err: unknown): unknown {
  let statement: string | undefined;
  let code: string | undefined;
  let database = false;
  let current: unknown = err;
  for (let depth = 0; current && typeof current === 'object' && depth < 6; depth += 1) {
    const link = current as ChainLink;
    if (typeof link.query === 'string' && Array.isArray(link.params)) {
      statement ??= link.query;
      database = true;
    }
    if (typeof link.code === 'string' && SQLSTATE.test(link.code) && typeof link.severity === 'string') {
      code ??= link.code;
      database = true;
    }
    current = link.cause;
  }
  if (!database) return err;
  return new DatabaseError(code ?? null, statement ?? null, framesOf((err as ChainLink).stack));
}
