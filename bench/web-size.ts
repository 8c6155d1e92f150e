import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * The JavaScript a browser downloads to show /home: the entry chunk, its static imports, and the
 * lazily loaded homepage chunk with its static imports. Sizes are gzip at the default level.
 */
export function homeFirstLoad(distDir: string) {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const homeKey = Object.keys(manifest).find((k) => k.endsWith('features/home/pages/home-page.tsx'));
  if (!entryKey || !homeKey) throw new Error('entry or homepage chunk missing from the Vite manifest');
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key]!;
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(entryKey);
  visit(homeKey);
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = homeFirstLoad(path.resolve(import.meta.dirname, '../apps/web/dist'));
  for (const r of result.rows) console.log(`${(r.gzip / 1024).toFixed(1).padStart(7)} KB gz  ${r.file}`);
  console.log(`total ${(result.gzip / 1024).toFixed(1)} KB gzip (${(result.raw / 1024).toFixed(1)} KB raw)`);
}
