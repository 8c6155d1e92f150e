import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export const adminTokenFile = (dataDir: string) => path.join(dataDir, 'admin-token');

/**
 * The operator's token: ADMIN_TOKEN when configured, otherwise a random one kept in
 * <DATA_DIR>/admin-token (owner-only), made at the first start and reused afterwards, so the
 * admin CLI on the same machine can read it.
 */
export async function ensureAdminToken(opts: { dataDir: string; configured?: string }): Promise<string> {
  if (opts.configured) return opts.configured;
  const file = adminTokenFile(opts.dataDir);
  const existing = await readToken(file);
  if (existing) return existing;
  await fs.mkdir(opts.dataDir, { recursive: true });
  const token = randomBytes(32).toString('base64url');
  try {
    await fs.writeFile(file, `${token}\n`, { mode: 0o600, flag: 'wx' });
    return token;
  } catch (err) {
    // Another process (a second API node on the same disk) wrote it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') {
      const theirs = await readToken(file);
      if (theirs) return theirs;
    }
    throw err;
  }
}

export async function readToken(file: string): Promise<string | null> {
  try {
    return (await fs.readFile(file, 'utf8')).trim() || null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** Compares digests, so neither the length nor the content leaks through timing. */
export function tokenMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  const digest = (v: string) => createHash('sha256').update(v).digest();
  return timingSafeEqual(digest(expected), digest(given));
}
