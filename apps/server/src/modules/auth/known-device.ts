import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const KNOWN_DEVICE_COOKIE = 'known_device';
/** Sent only to the sign-in routes (password, registration, Google and WeChat callbacks). */
export const KNOWN_DEVICE_PATH = '/turing/unauthorized';
export const KNOWN_DEVICE_MAX_AGE_SECONDS = 365 * 86_400;
/** Accounts one browser is remembered for; the one signed in longest ago is forgotten first. */
const MAX_ACCOUNTS = 5;
const TOKEN = /^[A-Za-z0-9_-]{22}$/;

/**
 * The browsers an account has signed in from, without a table: the cookie holds a random device id
 * and, for each account signed in from it, an HMAC of account and device id. Nobody can add an
 * account to it without the server's key, and a copy names no account. While an account is under
 * attack, such a browser still signs in with the password alone.
 */
export function createKnownDevices(secret: string) {
  // Its own key derived from the shared secret, so these MACs can never stand for a signed URL.
  const key = createHmac('sha256', secret).update('known-device').digest();
  const mac = (userId: string, deviceId: string) =>
    createHmac('sha256', key).update(`${userId}\n${deviceId}`).digest('base64url').slice(0, 22);
  const parse = (cookie: string | undefined) => {
    const parts = cookie?.split('.') ?? [];
    if (parts.length < 1 || !parts.every((p) => TOKEN.test(p))) return null;
    return { deviceId: parts[0]!, macs: parts.slice(1, MAX_ACCOUNTS + 1) };
  };
  return {
    /** Whether the account has signed in from the browser holding this cookie. */
    knows(cookie: string | undefined, userId: string) {
      const found = parse(cookie);
      if (!found) return false;
      const expected = Buffer.from(mac(userId, found.deviceId));
      // Every entry compared, so the timing says nothing about which one matched.
      return found.macs.reduce((hit, m) => timingSafeEqual(expected, Buffer.from(m)) || hit, false);
    },
    /** The cookie's next value: this account first, the device id kept (or made). */
    remember(cookie: string | undefined, userId: string) {
      const found = parse(cookie);
      const deviceId = found?.deviceId ?? randomBytes(16).toString('base64url');
      const entry = mac(userId, deviceId);
      const others = (found?.macs ?? []).filter((m) => m !== entry).slice(0, MAX_ACCOUNTS - 1);
      return [deviceId, entry, ...others].join('.');
    },
  };
}
export type KnownDevices = ReturnType<typeof createKnownDevices>;
