import fsp from 'node:fs/promises';
import path from 'node:path';

/** Scheduled archives are named by the time they were started (UTC), so names sort by age. */
const SCHEDULED = /^turing-design-(\d{8}T\d{6}Z)(?:-(\d+))?\.tar\.gz$/;
/** Temporary names of archives being written (see archive-write.ts). */
const PARTIAL = /^\.turing-design-.*\.partial$/;
/** A temporary archive untouched for this long was left by a process that died. */
const ABANDONED_MS = 60 * 60_000;

/** `turing-design-20261127T033000Z.tar.gz`: the scheduled archive of `now`. */
export function scheduledName(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '');
  return `turing-design-${stamp}.tar.gz`;
}

/** A free name in `dir` for the archive of `now` (a second one in the same second gets a suffix). */
export async function freeName(dir: string, now: Date): Promise<string> {
  const base = scheduledName(now);
  const taken = new Set(await fsp.readdir(dir));
  if (!taken.has(base)) return path.join(dir, base);
  for (let n = 2; ; n += 1) {
    const name = base.replace(/\.tar\.gz$/, `-${n}.tar.gz`);
    if (!taken.has(name)) return path.join(dir, name);
  }
}

/**
 * Keeps the newest `keep` scheduled archives in `dir` and deletes the older ones, with any
 * temporary archive a dead process left there. Files of any other name are never touched.
 * Resolves to the names deleted.
 */
export async function prune(dir: string, keep: number, now: Date): Promise<string[]> {
  const names = await fsp.readdir(dir);
  const archives = names
    .map((name) => ({ name, match: SCHEDULED.exec(name) }))
    .filter((a): a is { name: string; match: RegExpExecArray } => a.match !== null)
    .sort((a, b) => a.match[1]!.localeCompare(b.match[1]!) || Number(a.match[2] ?? 1) - Number(b.match[2] ?? 1))
    .map((a) => a.name);
  const doomed = archives.slice(0, Math.max(0, archives.length - keep));
  for (const name of names.filter((n) => PARTIAL.test(n))) {
    const stat = await fsp.stat(path.join(dir, name)).catch(() => null);
    if (stat && now.getTime() - stat.mtimeMs > ABANDONED_MS) doomed.push(name);
  }
  for (const name of doomed) await fsp.rm(path.join(dir, name), { force: true });
  return doomed;
}
