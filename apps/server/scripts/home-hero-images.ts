// Draws the home page's before/after: the demo community's "Desert school" rendering (the preview
// engine, as the demo seed draws it) and a white-model sketch traced from it, both as AVIF.
//   cd apps/server && node scripts/home-hero-images.ts
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { renderImage } from '../src/generation/engines/preview/render-modes.ts';
import { DEMO_WORKS } from '../src/modules/community/seed.data.ts';

const WORK = 3;
const [W, H] = [1200, 800];
const OUT_WIDTH = 640;
const MODEL_Q = 30;
const RENDER_Q = 36;
const out = path.resolve(import.meta.dirname, '../../web/src/features/home/assets');

const work = DEMO_WORKS[WORK]!;
const rendering = await renderImage(
  {
    id: randomUUID(),
    attempt: 1,
    mode: 'text',
    type: work.type,
    model: 'architecture',
    prompt: '',
    negativePrompt: '',
    width: W,
    height: H,
    count: 1,
    quality: 'SD',
    seed: 1000 + WORK,
    imageWeight: 0.5,
    textWeight: 0.7,
    controlStrength: 0.6,
    tags: { style: [work.style], material: [work.material], function: [work.func] },
    images: {},
  },
  0,
);

// The white model: light flat shading, dark lines where the rendering has edges (none in the sky).
const { data: grey } = await sharp(rendering).greyscale().raw().toBuffer({ resolveWithObject: true });
const model = Buffer.alloc(W * H);
const at = (x: number, y: number) => grey[Math.min(H - 1, Math.max(0, y)) * W + Math.min(W - 1, Math.max(0, x))]!;
for (let y = 0; y < H; y++)
  for (let x = 0; x < W; x++) {
    const gx =
      at(x + 1, y - 1) + 2 * at(x + 1, y) + at(x + 1, y + 1) - at(x - 1, y - 1) - 2 * at(x - 1, y) - at(x - 1, y + 1);
    const gy =
      at(x - 1, y + 1) + 2 * at(x, y + 1) + at(x + 1, y + 1) - at(x - 1, y - 1) - 2 * at(x, y - 1) - at(x + 1, y - 1);
    const v = at(x, y);
    const shade = v > 150 ? 244 : Math.min(250, Math.round((246 - (255 - v) * 0.16) / 8) * 8);
    model[y * W + x] = y > H * 0.3 && Math.hypot(gx, gy) > 60 ? 60 : shade;
  }

// Qualities chosen for the home page's byte budget: the flat model takes a lower one without showing it.
const avif = (input: sharp.Sharp, file: string, quality: number) =>
  input.resize(OUT_WIDTH).avif({ quality, effort: 9 }).toFile(path.join(out, file));
await avif(sharp(model, { raw: { width: W, height: H, channels: 1 } }), 'hero-model.avif', MODEL_Q);
await avif(sharp(rendering), 'hero-render.avif', RENDER_Q);
console.log(`${work.title}: hero-model.avif, hero-render.avif in ${out}`);
