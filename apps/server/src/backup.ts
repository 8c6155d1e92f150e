/**
 * `npm run backup -- <file>` and `npm run restore -- <file> [--force]`: one archive of the database
 * and the local files, and its restore (modules/backup/backup.cli.ts; docs/operations.md).
 */
import { runBackupCli } from './modules/backup/index.ts';

const out = await runBackupCli(process.argv.slice(2));
process.stdout.write(out.stdout);
process.stderr.write(out.stderr);
process.exitCode = out.code;
