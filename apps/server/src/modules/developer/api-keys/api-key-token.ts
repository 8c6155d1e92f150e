import { createHash, randomBytes as cryptoRandomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { API_KEY_PATTERN, API_KEY_PREFIX } from '@turing/contract';

// A key's text: `td_live_`, its 32 random bytes in base62, and a CRC-32 of everything before the
// checksum, also in base62. The prefix lets secret scanners and people recognise a key; the
// checksum tells a mistyped or made-up key from a real one without a database (as GitHub's tokens
// do), which is what secret scanners use to keep their false alarms down.

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 62^43 > 2^256: every 32-byte value fits in 43 characters. */
const BODY_CHARS = 43;
/** 62^6 > 2^32: every CRC-32 fits in 6 characters. */
const CHECKSUM_CHARS = 6;
const SECRET_BYTES = 32;

/** A source of random bytes; `crypto.randomBytes` in the server, a fixed one in tests. */
export type RandomBytes = (size: number) => Buffer;

/** `value` in base62, left-padded with zeros to `width` characters. */
export function base62(value: bigint, width: number): string {
  let out = '';
  let rest = value;
  while (rest > 0n) {
    out = ALPHABET[Number(rest % 62n)]! + out;
    rest /= 62n;
  }
  if (out.length > width) throw new RangeError(`${value} does not fit in ${width} base62 characters`);
  return out.padStart(width, '0');
}

const checksumOf = (head: string) => base62(BigInt(crc32(head)), CHECKSUM_CHARS);

/** A new key's full text. */
export function newToken(randomBytes: RandomBytes = cryptoRandomBytes): string {
  const bytes = randomBytes(SECRET_BYTES);
  if (bytes.length !== SECRET_BYTES) throw new RangeError(`a key needs ${SECRET_BYTES} random bytes`);
  const head = API_KEY_PREFIX + base62(BigInt(`0x${bytes.toString('hex')}`), BODY_CHARS);
  return head + checksumOf(head);
}

/** Has the shape of a key and a checksum that matches: not proof it exists, only that it could. */
export function isWellFormed(token: string): boolean {
  if (!API_KEY_PATTERN.test(token)) return false;
  const split = token.length - CHECKSUM_CHARS;
  return checksumOf(token.slice(0, split)) === token.slice(split);
}

/** What is stored and looked up: hex SHA-256 of the whole key (a key has 256 random bits, so no salt or slow hash is needed). */
export const tokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');

/** The last four characters, shown beside the key's name (`td_live_…abcd`). */
export const tokenLast4 = (token: string) => token.slice(-4);
