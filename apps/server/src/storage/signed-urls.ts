import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Private images must work in plain <img> tags, which send no headers: the URL itself carries an
 * expiry and an HMAC of key and expiry, so it can be shared with the page but not altered or kept.
 * A URL may also name a scope (e.g. the version of a community work the image belongs to): it is
 * signed with the rest, and the server checks it is still current when the image is asked for,
 * so such links end at once when what they were handed out for ends.
 */
export function createUrlSigner(secret: string, now: () => number = Date.now) {
  const mac = (key: string, exp: number, scope?: string) =>
    createHmac('sha256', secret)
      .update(scope ? `${key}\n${exp}\n${scope}` : `${key}\n${exp}`)
      .digest('base64url');
  return {
    /** The query string (`exp=…&sig=…`, then `&s=…` with a scope) that grants access to `key` for about `ttlSeconds`. */
    sign(key: string, ttlSeconds = 3600, scope?: string) {
      // Rounded to the hour so the same image keeps one URL for a while and the browser cache works.
      const exp = Math.ceil((now() / 1000 + ttlSeconds) / 3600) * 3600;
      const signed = `exp=${exp}&sig=${mac(key, exp, scope)}`;
      return scope ? `${signed}&s=${encodeURIComponent(scope)}` : signed;
    },
    /** Whether the signature is good and unexpired; a scope still has to be checked by its owner. */
    verify(key: string, exp: string | undefined, sig: string | undefined, scope?: string): boolean {
      const expiry = Number(exp);
      if (!Number.isInteger(expiry) || expiry * 1000 < now() || !sig) return false;
      const expected = Buffer.from(mac(key, expiry, scope || undefined));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
export type UrlSigner = ReturnType<typeof createUrlSigner>;
