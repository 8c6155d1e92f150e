import { createHash, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { ensureSecretFile, readSecretFile } from '../../storage/secret-file.ts';

export const adminTokenFile = (dataDir: string) => path.join(dataDir, 'admin-token');

/**
 * The operator's token: ADMIN_TOKEN when configured, otherwise a random one kept in
 * <DATA_DIR>/admin-token, so the admin CLI on the same machine can read it.
 */
export const ensureAdminToken = (opts: { dataDir: string; configured?: string }) =>
  ensureSecretFile(opts.dataDir, 'admin-token', opts.configured);

export const readToken = readSecretFile;

/** Compares digests, so neither the length nor the content leaks through timing. */
export function tokenMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  const digest = (v: string) => createHash('sha256').update(v).digest();
  return timingSafeEqual(digest(expected), digest(given));
}
