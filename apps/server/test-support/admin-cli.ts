import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { childEnv } from './child-env.ts';
import type { TestApp } from './test-app.ts';

const run = promisify(execFile);
const cli = path.resolve(import.meta.dirname, '../src/admin.ts');

/** Runs `npm run admin -- <args>` as its own process against a test app listening at `url`. */
export async function runAdminCli(t: TestApp, url: string, ...args: string[]) {
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
