import { inspect } from 'node:util';

/**
 * Faults the process survives, counted since it started. A promise rejected with nobody to catch
 * it is a bug, but one request's bug must not take down every other request and running task:
 * it is logged with its stack at error level and counted, and readiness shows the count so an
 * operator notices it growing.
 */

interface FaultLog {
  error(obj: { err: unknown; unhandledRejections: number }, msg: string): void;
}

/** Until the process logger exists, faults go to stderr as one JSON line like the logger's. */
const stderrLog: FaultLog = {
  error: ({ err, ...rest }, msg) => {
    const shown = err instanceof Error ? { type: err.name, message: err.message, stack: err.stack } : err;
    console.error(JSON.stringify({ level: 50, time: Date.now(), ...rest, err: shown, msg }));
  },
};

/**
 * An Error goes to the log as it is (the logger's serializer keeps type, message, stack and
 * causes); anything else thrown (a string, a plain object) has no stack: its printed form is kept.
 */
const describeReason = (reason: unknown): unknown =>
  reason instanceof Error
    ? reason
    : { type: typeof reason, message: inspect(reason, { depth: 3, breakLength: Infinity }) };

export function createProcessFaults() {
  let unhandledRejections = 0;
  let log: FaultLog = stderrLog;
  const onUnhandledRejection = (reason: unknown) => {
    unhandledRejections += 1;
    log.error(
      { err: describeReason(reason), unhandledRejections },
      'unhandled promise rejection: the process keeps running',
    );
  };
  return {
    /** Promises rejected with no handler since the process started. */
    get unhandledRejections() {
      return unhandledRejections;
    },
    /** Logs through `logger` from now on (the process logger once it is made). */
    useLogger(logger: FaultLog) {
      log = logger;
    },
    onUnhandledRejection,
    /** Takes over unhandled rejections: without a listener, Node ends the process on the first one. */
    install(target: Pick<NodeJS.Process, 'on'>) {
      target.on('unhandledRejection', onUnhandledRejection);
    },
  };
}

/** This process's record: main.ts installs it, readiness reads it. */
export const processFaults = createProcessFaults();
