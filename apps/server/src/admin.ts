/**
 * The operator's command line: `npm run admin -- <command>` (the commands: admin-commands.ts).
 */
import { runAdmin } from './admin-commands.ts';

const out = await runAdmin(process.argv.slice(2));
process.stdout.write(out.stdout);
process.stderr.write(out.stderr);
process.exitCode = out.code;
