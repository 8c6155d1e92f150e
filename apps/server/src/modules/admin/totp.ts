import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;
const ISSUER = 'Turing Design';
/** Steps either side of now a code may come from (a phone's clock a little off). */
const WINDOW = 1;

const totpOf = (secret: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: PERIOD });

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The otpauth:// address an authenticator app reads from the QR code. */
export const totpUri = (secret: string, account: string) => totpOf(secret, account).toString();

/**
 * The 30-second step a 6-digit code belongs to, or null when it fits none within the window. The
 * caller records the step so the same code (or an earlier one) is never accepted again.
 */
export function totpStep(secret: string, code: string, now: Date): number | null {
  const digits = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(digits)) return null;
  const delta = totpOf(secret).validate({ token: digits, timestamp: now.getTime(), window: WINDOW });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD) + delta;
}

/** A code for `now` (tests, and the console's own journeys in tests). */
export const totpCode = (secret: string, now: Date) => totpOf(secret).generate({ timestamp: now.getTime() });

// No 0/O or 1/I/L: read off paper and typed again.
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const RECOVERY_CODE_COUNT = 10;

/** Ten one-time codes, XXXXX-XXXXX, for an operator who lost their phone. */
export function newRecoveryCodes(): string[] {
  const one = () => Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const code = one();
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** Case, spaces and dashes do not matter when a recovery code is typed. */
export const recoveryDigest = (code: string) =>
  createHash('sha256').update(code.toUpperCase().replace(/[\s-]/g, '')).digest('hex');

export const looksLikeRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').length === 10;
