import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { UrlSigner } from './signed-urls.ts';
import { contentTypeOf, objectKey, visibilityOf, type ObjectStorage } from './storage.ts';

/** The path the app serves local objects under (see plugins/static-files.ts). */
export const LOCAL_FILES_PATH = '/files/';

/** Files under <data>/files, served by the app at /files/<key>; private ones need a signed URL. */
export function createLocalStorage(opts: { root: string; signer: UrlSigner }): ObjectStorage {
  const root = path.resolve(opts.root);
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error(`storage key escapes the root: ${key}`);
    return full;
  };
  let writes = 0;
  return {
    kind: 'local',
    origin: null,
    async put(name, body, { visibility }) {
      const key = objectKey(visibility, name);
      const full = resolve(key);
      await fsp.mkdir(path.dirname(full), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      writes += 1;
      const tmp = `${full}.${process.pid}.${writes}.tmp`;
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, fs.createWriteStream(tmp));
        await fsp.rename(tmp, full);
      } catch (err) {
        await fsp.rm(tmp, { force: true });
        throw err;
      }
      return key;
    },
    async getStream(key) {
      // Half-written files are never objects.
      if (key.endsWith('.tmp')) return null;
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(resolve(key), 'r');
      } catch {
        return null;
      }
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) throw new Error('not a file');
        return {
          stream: handle.createReadStream(),
          contentType: contentTypeOf(key),
          bytes: stat.size,
          visibility: visibilityOf(key),
        };
      } catch {
        await handle.close();
        return null;
      }
    },
    async get(key) {
      try {
        return await fsp.readFile(resolve(key));
      } catch {
        return null;
      }
    },
    async delete(key) {
      await fsp.rm(resolve(key), { force: true });
    },
    url: (key) => `${LOCAL_FILES_PATH}${key}`,
    signedUrl: (key, ttlSeconds, scope) => `${LOCAL_FILES_PATH}${key}?${opts.signer.sign(key, ttlSeconds, scope)}`,
  };
}
