import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export async function readSecretFile(file: string): Promise<string | null> {
  try {
    return (await fs.readFile(file, 'utf8')).trim() || null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * A configured value, or else a random secret kept in <dataDir>/<name> (owner-only), made at the
 * first start and reused afterwards.
 */
export async function ensureSecretFile(dataDir: string, name: string, configured?: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, name);
  const existing = await readSecretFile(file);
  if (existing) return existing;
  await fs.mkdir(dataDir, { recursive: true });
  // Hex, not base64url: a secret starting with '-' would read as an option on a command line.
  const secret = randomBytes(32).toString('hex');
  try {
    await fs.writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    // Another process on the same disk wrote it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') {
      const theirs = await readSecretFile(file);
      if (theirs) return theirs;
    }
    throw err;
  }
}
