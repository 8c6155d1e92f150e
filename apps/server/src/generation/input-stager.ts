import { isIP } from 'node:net';
import { objectKey, type ObjectStorage } from '../storage/storage.ts';

/**
 * Puts a prepared input image where a provider can fetch it for a short while (DashScope takes
 * its input images by URL): our own file store, behind a signed URL of the server's public address.
 */
export interface InputStager {
  /** Stores `bytes` as `name`; resolves to an absolute http(s) URL that works for a while. */
  put(name: string, bytes: Buffer, contentType: 'image/png' | 'image/jpeg'): Promise<string>;
  /** Removes what was stored as `name`; nothing when it is gone. */
  remove(name: string): Promise<void>;
}

/** Where staged inputs live in the store: private, so only their signed URLs reach them. */
const STAGED_PREFIX = 'engine-inputs/';

function privateIPv4(ip: string) {
  const [a = 0, b = 0] = ip.split('.').map(Number);
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127)
  );
}

function privateIPv6(ip: string) {
  const v = ip.toLowerCase();
  if (v === '::' || v === '::1') return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(v);
  if (mapped) return privateIPv4(mapped[1]!);
  // fc00::/7 (unique local), fe80::/10 (link local).
  return /^f[cd]/.test(v) || /^fe[89ab]/.test(v);
}

/**
 * Whether a provider on the internet can reach `url`: an http(s) address whose host is not
 * localhost, a loopback, private or link-local address, nor a name only a local network knows.
 * PUBLIC_URL defaults to http://localhost:PORT in development, which is no such address.
 */
export function reachableFromOutside(url: string | undefined): boolean {
  if (!url) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(host) === 4) return !privateIPv4(host);
  if (isIP(host) === 6) return !privateIPv6(host);
  if (!host.includes('.')) return false;
  return !/(^|\.)(localhost|local|internal|lan|home\.arpa|localdomain)$/.test(host);
}

/**
 * Stages input images in `storage` (private objects under engine-inputs/) and hands out signed
 * URLs of `publicUrl` for about `ttlSeconds` (the signer rounds up to the hour).
 */
export function createInputStager(storage: ObjectStorage, publicUrl: string, ttlSeconds: number): InputStager {
  const origin = publicUrl.replace(/\/+$/, '');
  return {
    async put(name, bytes, contentType) {
      const key = await storage.put(`${STAGED_PREFIX}${name}`, bytes, { contentType, visibility: 'private' });
      return `${origin}${storage.signedUrl(key, ttlSeconds)}`;
    },
    async remove(name) {
      await storage.delete(objectKey('private', `${STAGED_PREFIX}${name}`));
    },
  };
}
