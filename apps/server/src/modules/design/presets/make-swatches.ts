/**
 * Writes the shipped thumbnails (apps/server/assets/presets/<category>/<slug>.webp) from the
 * drawings in swatches.ts. Run once after changing a drawing; the files are committed.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { SHIPPED_PRESETS_DIR } from './preset-images.ts';
import { SWATCHES } from './swatches.ts';

let total = 0;
for (const [category, drawings] of Object.entries(SWATCHES)) {
  const dir = path.join(SHIPPED_PRESETS_DIR, category);
  await mkdir(dir, { recursive: true });
  for (const [slug, draw] of Object.entries(drawings)) {
    const webp = await sharp(Buffer.from(draw())).webp({ quality: 72, effort: 6 }).toBuffer();
    await writeFile(path.join(dir, `${slug}.webp`), webp);
    total += webp.length;
    console.log(`${category}/${slug}.webp ${(webp.length / 1024).toFixed(1)} KB`);
  }
}
console.log(`total ${(total / 1024).toFixed(1)} KB`);
