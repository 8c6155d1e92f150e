import os from 'node:os';
import path from 'node:path';

/**
 * The environment a test gives a process it starts (the server, the operator CLI): only what the
 * test sets, plus what Node needs to run. The compile cache keeps V8's compiled code of the modules
 * on disk, so the tens of processes a run starts do not each compile the same server again; it
 * changes nothing they do.
 */
export function childEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_COMPILE_CACHE: path.join(os.tmpdir(), 'turing-test-compile-cache'),
    // A test waits for the server's drawings: at nice 10 the run's own busy workers would starve them.
    PREVIEW_NICE: '0',
    ...env,
  };
}
