import type { Readable } from 'node:stream';

/**
 * Who may load an object. It is chosen once, when the object is written, and recorded in its key
 * (`public/…` or `private/…`), so an S3 bucket can grant anonymous reads on one prefix and nothing
 * ever moves between prefixes.
 */
export type Visibility = 'public' | 'private';

const VISIBILITY_PREFIX: Record<Visibility, string> = { public: 'public/', private: 'private/' };

/** The stored key of an object named `name` with this visibility. */
export const objectKey = (visibility: Visibility, name: string) => `${VISIBILITY_PREFIX[visibility]}${name}`;

/** Keys written before visibility was recorded in them: avatars were the only public images then. */
const LEGACY_PUBLIC = 'avatar/';

/**
 * Whether a key names one object: no empty, `.` or `..` segment (a key is a path under the store's
 * root, so `public/../private/x` would reach a private object through a public prefix) and no
 * backslash or NUL. Every store and the files route refuse any other key before looking at it.
 */
export const isSafeKey = (key: string) =>
  key.length > 0 && !/[\\\0]/.test(key) && key.split('/').every((s) => s !== '' && s !== '.' && s !== '..');

/**
 * An object's visibility, from its key. Any other key without a prefix is private, so it stays
 * reachable through signed URLs and never becomes public by accident.
 */
export const visibilityOf = (key: string): Visibility =>
  key.startsWith(VISIBILITY_PREFIX.public) || key.startsWith(LEGACY_PUBLIC) ? 'public' : 'private';

const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp' };
/** The content type of a key, from its extension (every stored image is named by the format it holds). */
export const contentTypeOf = (key: string) =>
  TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';

export interface StoredObject {
  stream: Readable;
  contentType: string;
  bytes: number;
  visibility: Visibility;
}

/** Where images live. The local folder is the default; an S3-compatible store plugs in here. */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /**
   * The origin browsers load objects from when it is not the app's own (a bucket or CDN), for the
   * Content-Security-Policy; null when objects are served by the app under /files.
   */
  readonly origin: string | null;
  /** Writes an object; resolves to its key, which records the visibility. */
  put(name: string, body: Buffer | Readable, opts: { contentType: string; visibility: Visibility }): Promise<string>;
  /** The object as a stream, or null when there is none. */
  getStream(key: string): Promise<StoredObject | null>;
  get(key: string): Promise<Buffer | null>;
  /** Removes an object; removing one that is gone is not an error. */
  delete(key: string): Promise<void>;
  /** The URL a browser loads a public object from (long cached). */
  url(key: string): string;
  /**
   * A URL to a private object that works in a plain <img> and stops working after about
   * `ttlSeconds`, or as soon as its `scope` (signed with it) is no longer current.
   */
  signedUrl(key: string, ttlSeconds: number, scope?: string): string;
}

/** Public objects by their plain URL, private ones by a signed URL (bound to `scope` when given). */
export const browserUrl = (storage: ObjectStorage, key: string, ttlSeconds: number, scope?: string) =>
  visibilityOf(key) === 'public' ? storage.url(key) : storage.signedUrl(key, ttlSeconds, scope);
