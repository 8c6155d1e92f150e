import { randomBytes } from 'node:crypto';

/** No 0/O or 1/I: a code read aloud or copied from paper cannot be mistyped into another. */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 12;
const CANONICAL = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);

/**
 * A new code in its stored form: 12 characters, no separators (60 random bits; 256 is a multiple
 * of 32, so every character is equally likely).
 */
export function newRedemptionCode(): string {
  return Array.from(randomBytes(CODE_LENGTH), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

/**
 * What a person typed, in stored form: case, spaces and dashes do not matter. Null when it cannot
 * be a code at all, so no query is made for it.
 */
export function normaliseCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  return CANONICAL.test(code) ? code : null;
}

/** XXXX-XXXX-XXXX, the way codes are handed out. */
export const displayCode = (code: string) => code.match(/.{1,4}/g)!.join('-');
