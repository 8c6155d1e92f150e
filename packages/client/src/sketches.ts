import { readdir, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import type { BatchItem } from './batch.ts';

const IMAGE = /\.(png|jpe?g)$/i;

/**
 * The sketches to render: the file itself, or a folder's PNG and JPEG files in natural order
 * (sketch-2 before sketch-10). Each is named by its file name without the extension; two files
 * that differ only by extension keep it, so no result overwrites another.
 */
export async function collectSketches(path: string): Promise<BatchItem[]> {
  const info = await stat(path);
  const files = info.isDirectory()
    ? (await readdir(path, { withFileTypes: true }))
        .filter((d) => d.isFile() && IMAGE.test(d.name) && !d.name.startsWith('.'))
        .map((d) => d.name)
        .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }))
        .map((name) => join(path, name))
    : [path];
  const stems = files.map((f) => basename(f, extname(f)));
  // Names are compared without case (a.png and a.PNG on a case-insensitive disk) and made unique
  // with a counter when the extension alone does not tell them apart.
  const taken = new Set<string>();
  return files.map((file, i) => {
    const stem = stems[i]!;
    const clash = stems.some((other, j) => j !== i && other.toLowerCase() === stem.toLowerCase());
    const wanted = clash ? `${stem}-${extname(file).slice(1).toLowerCase()}` : stem;
    let name = wanted;
    for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${wanted}-${n}`;
    taken.add(name.toLowerCase());
    return { file, name };
  });
}
