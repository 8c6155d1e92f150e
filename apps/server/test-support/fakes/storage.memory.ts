import { Readable } from 'node:stream';
import { contentTypeOf, objectKey, visibilityOf, type ObjectStorage } from '../../src/storage/storage.ts';

/**
 * Object storage in a Map, with the local store's URLs: public objects under /files, private ones
 * with a signature-shaped query (never checked here). `deleted` lists what was removed, in order.
 */
export function createMemoryStorage() {
  const objects = new Map<string, Buffer>();
  const deleted: string[] = [];
  const storage: ObjectStorage = {
    kind: 'local',
    origin: null,
    async put(name, body, opts) {
      const key = objectKey(opts.visibility, name);
      objects.set(key, Buffer.isBuffer(body) ? body : Buffer.concat(await body.toArray()));
      return key;
    },
    async getStream(key) {
      const bytes = objects.get(key);
      if (!bytes) return null;
      return {
        stream: Readable.from([bytes]),
        bytes: bytes.length,
        contentType: contentTypeOf(key),
        visibility: visibilityOf(key),
      };
    },
    get: async (key) => objects.get(key) ?? null,
    async delete(key) {
      objects.delete(key);
      deleted.push(key);
    },
    url: (key) => `/files/${key}`,
    signedUrl: (key, ttlSeconds, scope) =>
      `/files/${key}?exp=${ttlSeconds}${scope ? `&scope=${encodeURIComponent(scope)}` : ''}&sig=memory`,
  };
  return { storage, objects, deleted };
}
