import fs from 'node:fs/promises';
import path from 'node:path';
import type { ObjectStorage } from './storage.ts';

/** Files under <data>/files, served by the app at /files/<key>. */
export function createLocalStorage(root: string): ObjectStorage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`storage key escapes the root: ${key}`);
    return full;
  };
  return {
    kind: 'local',
    async put(key, body) {
      const full = resolve(key);
      await fs.mkdir(path.dirname(full), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${full}.${process.pid}.tmp`;
      await fs.writeFile(tmp, body);
      await fs.rename(tmp, full);
    },
    async get(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch {
        return null;
      }
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    url: (key) => `/files/${key}`,
  };
}
