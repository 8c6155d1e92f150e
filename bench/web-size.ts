import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

function readManifest(distDir: string) {
  return JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
}

/**
 * The JavaScript of the entry chunk and of the given source modules' chunks, each with its static
 * imports, as Vite's manifest lists them. Sizes are gzip at the default level.
 */
export function chunksFirstLoad(distDir: string, modules: string[]) {
  const manifest = readManifest(distDir);
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('entry chunk missing from the Vite manifest');
  const keys = modules.map((m) => {
    const key = Object.keys(manifest).find((k) => k.endsWith(m));
    if (!key) throw new Error(`${m} missing from the Vite manifest`);
    return key;
  });
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key]!;
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(entryKey);
  keys.forEach(visit);
  const rows = [...files].map((file) => {
    const buf = fs.readFileSync(path.join(distDir, file));
    return { file, raw: buf.length, gzip: zlib.gzipSync(buf).length };
  });
  rows.sort((a, b) => b.gzip - a.gzip);
  return {
    rows,
    raw: rows.reduce((s, r) => s + r.raw, 0),
    gzip: rows.reduce((s, r) => s + r.gzip, 0),
  };
}

/** What a browser downloads to show /home: the entry chunk and the lazily loaded homepage chunk. */
export const homeFirstLoad = (distDir: string) => chunksFirstLoad(distDir, ['features/home/pages/home-page.tsx']);

/** The login page: the entry and the page's chunk (the forms it fetches later are not counted). */
export const loginFirstLoad = (distDir: string) => chunksFirstLoad(distDir, ['features/auth/pages/login-page.tsx']);

/**
 * Step editing: the design layout, the page and the mask editor, which the page fetches as it mounts
 * (locale files and the header's own chunks are left out; the Chromium figure counts everything).
 */
export const stepEditingFirstLoad = (distDir: string) =>
  chunksFirstLoad(distDir, [
    'app/layouts/design-layout.tsx',
    'features/design/pages/step-editing-page.tsx',
    'features/design/components/mask-editor/mask-editor.tsx',
  ]);

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
  const which = process.argv[2];
  const result =
    which === 'step-editing'
      ? stepEditingFirstLoad(dist)
      : which === 'login'
        ? loginFirstLoad(dist)
        : homeFirstLoad(dist);
  for (const r of result.rows) console.log(`${(r.gzip / 1024).toFixed(1).padStart(7)} KB gz  ${r.file}`);
  console.log(`total ${(result.gzip / 1024).toFixed(1)} KB gzip (${(result.raw / 1024).toFixed(1)} KB raw)`);
}
