import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB, 2 passes. (2 is Algorithm.Argon2id, a const enum.)
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    // Same work for unknown accounts, so timing does not reveal which accounts exist.
    await verify(DUMMY, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

const DUMMY = await hash('timing-equaliser', OPTIONS);
