// `npm start` builds the web app only when the build is missing or older than what it is built from.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/contract/src',
  'package-lock.json',
];

function newest(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = 0;
  for (const name of fs.readdirSync(entry)) max = Math.max(max, newest(path.join(entry, name)));
  return max;
}

const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newest(path.join(root, s))));
if (builtAt >= changedAt) process.exit(0);
console.log(builtAt ? 'The web app changed since its last build: building it again…' : 'Building the web app…');
execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
