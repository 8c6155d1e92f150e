import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Private images must work in plain <img> tags, which send no headers: the URL itself carries an
 * expiry and an HMAC of key and expiry, so it can be shared with the page but not altered or kept.
 */
export function createUrlSigner(secret: string, now: () => number = Date.now) {
  const mac = (key: string, exp: number) => createHmac('sha256', secret).update(`${key}\n${exp}`).digest('base64url');
  return {
    /** The query string (`exp=…&sig=…`) that grants access to `key` for about `ttlSeconds`. */
    sign(key: string, ttlSeconds = 3600) {
      // Rounded to the hour so the same image keeps one URL for a while and the browser cache works.
      const exp = Math.ceil((now() / 1000 + ttlSeconds) / 3600) * 3600;
      return `exp=${exp}&sig=${mac(key, exp)}`;
    },
    verify(key: string, exp: string | undefined, sig: string | undefined): boolean {
      const expiry = Number(exp);
      if (!Number.isInteger(expiry) || expiry * 1000 < now() || !sig) return false;
      const expected = Buffer.from(mac(key, expiry));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
export type UrlSigner = ReturnType<typeof createUrlSigner>;
