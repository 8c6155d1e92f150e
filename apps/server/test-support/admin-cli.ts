import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { runAdmin } from '../src/admin-commands.ts';
import { childEnv } from './child-env.ts';
import type { TestApp } from './test-app.ts';

const run = promisify(execFile);
const cli = path.resolve(import.meta.dirname, '../src/admin.ts');

/**
 * Runs `npm run admin -- <args>` against a test app listening at `url`: the same commands the
 * process runs, called in this process (starting Node and loading the CLI took ~1 s per command).
 */
export function runAdminCli(t: TestApp, url: string, ...args: string[]) {
  return runAdmin([...args, '--url', url, `--token=${t.app.services!.adminToken}`]);
}

/** Runs the CLI as its own process, as an operator does: exit code and output as printed. */
export async function runAdminProcess(t: TestApp, url: string, ...args: string[]) {
  try {
    const out = await run(process.execPath, [cli, ...args, '--url', url, `--token=${t.app.services!.adminToken}`], {
      env: childEnv({ DATA_DIR: t.config.DATA_DIR }),
    });
    return { code: 0, stdout: out.stdout, stderr: out.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
