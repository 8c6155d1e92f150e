import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The thumbnails that ship with the product (made by make-swatches.ts). */
export const SHIPPED_PRESETS_DIR = fileURLToPath(new URL('../../../../assets/presets', import.meta.url));

/** The path the thumbnails are served under, inside the API's prefix. */
export const PRESET_IMAGE_ROUTE = '/design/preset/:category/:slug';
const API_PREFIX = '/turing';

const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
};
/** A replaced thumbnail shows within this long on every node that reads the folder. */
const RESCAN_MS = 30_000;
const NAME = /^[a-z0-9-]{1,40}$/;

interface Found {
  file: string;
  type: string;
  /** Changes when the file does, so a browser fetches a replaced thumbnail at once. */
  version: string;
}

/** Pictures operators replaced from the console, kept in the database and object storage. */
export interface PresetReplacements {
  /** The `?v=` of each replaced picture now, by "category/slug". */
  versions(): Promise<Map<string, string>>;
  /** A replaced picture (webp); null when the tag has none. */
  read(key: string): Promise<Buffer | null>;
}

/**
 * Tag thumbnails: the shipped ones, each replaceable by an operator's own file of the same name
 * in `<DATA_DIR>/presets/<category>/<slug>.webp|jpg|png` (which also adds one where none ships),
 * and above both the pictures replaced from the console, which every node reads alike.
 */
export function createPresetImages(
  opts: { overridesDir?: string; shippedDir?: string; replacements?: PresetReplacements } = {},
) {
  const dirs = [opts.overridesDir, opts.shippedDir ?? SHIPPED_PRESETS_DIR].filter((d): d is string => Boolean(d));
  let cache: { at: number; files: Promise<Map<string, Found>> } | null = null;

  async function scanDir(root: string, into: Map<string, Found>) {
    const categories = await readdir(root, { withFileTypes: true }).catch(() => []);
    for (const category of categories) {
      if (!category.isDirectory() || !NAME.test(category.name)) continue;
      const names = await readdir(path.join(root, category.name)).catch(() => [] as string[]);
      for (const name of names) {
        const ext = path.extname(name).toLowerCase();
        const slug = path.basename(name, path.extname(name));
        const key = `${category.name}/${slug}`;
        if (!TYPES[ext] || !NAME.test(slug) || into.has(key)) continue;
        const file = path.join(root, category.name, name);
        const info = await stat(file).catch(() => null);
        if (!info?.isFile()) continue;
        into.set(key, {
          file,
          type: TYPES[ext],
          version: `${Math.round(info.mtimeMs).toString(36)}${info.size.toString(36)}`,
        });
      }
    }
  }

  function files() {
    if (!cache || Date.now() - cache.at > RESCAN_MS) {
      const found = new Map<string, Found>();
      // The operator's folder first: its files win over the shipped ones.
      const files = dirs.reduce((p, d) => p.then(() => scanDir(d, found)), Promise.resolve()).then(() => found);
      cache = { at: Date.now(), files };
    }
    return cache.files;
  }

  return {
    /** The URL of each thumbnail known now, by "category/slug". */
    async urls(): Promise<Map<string, string>> {
      const out = new Map<string, string>();
      const [found, replaced] = await Promise.all([
        files(),
        opts.replacements?.versions() ?? new Map<string, string>(),
      ]);
      for (const [key, f] of found) out.set(key, `${API_PREFIX}/design/preset/${key}?v=${f.version}`);
      for (const [key, version] of replaced) out.set(key, `${API_PREFIX}/design/preset/${key}?v=${version}`);
      return out;
    },

    /** The bytes and type of one thumbnail; null when there is none. */
    async read(category: string, slug: string): Promise<{ bytes: Buffer; type: string } | null> {
      if (!NAME.test(category) || !NAME.test(slug)) return null;
      const replaced = await opts.replacements?.read(`${category}/${slug}`);
      if (replaced) return { bytes: replaced, type: 'image/webp' };
      const found = (await files()).get(`${category}/${slug}`);
      if (!found) return null;
      const bytes = await readFile(found.file).catch(() => null);
      return bytes && { bytes, type: found.type };
    },
  };
}
export type PresetImages = ReturnType<typeof createPresetImages>;
