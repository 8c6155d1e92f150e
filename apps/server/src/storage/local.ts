import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { UrlSigner } from './signed-urls.ts';
import { contentTypeOf, isSafeKey, objectKey, visibilityOf, type ObjectStorage } from './storage.ts';

/** The path the app serves local objects under (see plugins/static-files.ts). */
export const LOCAL_FILES_PATH = '/files/';

/**
 * A buffer up to this size is written in one blocking call: into the page cache that takes about a
 * millisecond at most (here 0.3 ms for 300 KB and 0.4 ms for 1.5 MB on a quiet loop, up to 1 ms for
 * a result image in the running product, most of it making the file), the cost of one statement of
 * the embedded database, which runs on this thread too. Written asynchronously it takes three
 * turns of the event loop (open, write, close) and a fourth for the rename, and on a loop kept busy
 * by the database each turn waits for the statements ahead of it: a finished task's image took
 * 2–3 ms to land. Larger buffers and every stream are written asynchronously.
 */
const WRITE_AT_ONCE_BYTES = 4 * 1024 * 1024;

/** Files under <data>/files, served by the app at /files/<key>; private ones need a signed URL. */
export function createLocalStorage(opts: { root: string; signer: UrlSigner }): ObjectStorage {
  const root = path.resolve(opts.root);
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!isSafeKey(key) || !full.startsWith(root + path.sep)) throw new Error(`storage key escapes the root: ${key}`);
    return full;
  };
  let writes = 0;
  /** Directories made (or found) by this process: not asked for again. One removed meanwhile is made again. */
  const dirs = new Set<string>();
  return {
    kind: 'local',
    origin: null,
    async put(name, body, { visibility }) {
      const key = objectKey(visibility, name);
      const full = resolve(key);
      const dir = path.dirname(full);
      // Write then rename, so a reader never sees half a file.
      writes += 1;
      const tmp = `${full}.${process.pid}.${writes}.tmp`;
      const atOnce = Buffer.isBuffer(body) && body.length <= WRITE_AT_ONCE_BYTES;
      for (let attempt = 0; ; attempt += 1) {
        try {
          if (atOnce) {
            if (!dirs.has(dir)) fs.mkdirSync(dir, { recursive: true });
            fs.writeFileSync(tmp, body);
            fs.renameSync(tmp, full);
          } else {
            if (!dirs.has(dir)) await fsp.mkdir(dir, { recursive: true });
            await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, fs.createWriteStream(tmp));
            await fsp.rename(tmp, full);
          }
          dirs.add(dir);
          return key;
        } catch (err) {
          await fsp.rm(tmp, { force: true });
          // Its directory was removed since (a buffer can be written again; a stream is spent).
          const gone = (err as NodeJS.ErrnoException).code === 'ENOENT' && dirs.delete(dir);
          if (!gone || attempt > 0 || !Buffer.isBuffer(body)) throw err;
        }
      }
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
