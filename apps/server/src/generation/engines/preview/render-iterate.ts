import sharp from 'sharp';
import type { OverlayOptions } from 'sharp';
import type { EngineTask } from '../../engine.ts';
import { blend, colourLayer, dominantColour, fromRaw, loadGrey, mean, toRaw, type RawImage } from './image-ops.ts';
import { createRng, imageSeed } from './prng.ts';
import { renderScene, styleOf } from './render-scene.ts';
import { f } from './svg.ts';

const INK = '#1b1d20';

/**
 * Iterate mode's transformation of a base image (edit mode uses it for the masked region). Each
 * parameter drives one visible effect, so a user can see what a slider does:
 * - imageWeight: how much of the base survives against the prompt's own scene, and how strongly
 *   the reference's dominant colour tints the result;
 * - textWeight: how strongly the style's colour grade and the prompt's scene apply;
 * - controlStrength: how dark the line-art strokes are drawn and how thick the depth haze is.
 */
export async function transformBase(task: EngineTask, index: number, base: RawImage): Promise<RawImage> {
  const { width, height } = base;
  const style = styleOf(task);
  const { images } = task;

  const sceneShare = (1 - clamp01(task.imageWeight)) * (0.4 + 0.6 * clamp01(task.textWeight));
  let mixed = base;
  if (sceneShare > 0.01) mixed = blend(base, await renderScene({ ...task, width, height }, index), sceneShare);

  // Style grade: saturation, brightness and contrast pulled toward the style's values by textWeight.
  const g = style.grade;
  const k = 0.35 + 0.65 * clamp01(task.textWeight);
  const contrast = 1 + (g.contrast - 1) * k;
  const graded = await toRaw(
    fromRaw(mixed)
      .modulate({ saturation: 1 + (g.saturation - 1) * k, brightness: 1 + (g.brightness - 1) * k })
      .linear(contrast, 128 * (1 - contrast)),
  );

  const layers: OverlayOptions[] = [colourLayer(g.tint, 255, g.tintAmount * k, width, height, 'soft-light')];
  if (images.reference) {
    const colour = await dominantColour(images.reference);
    layers.push(colourLayer(colour, 255, 0.12 + 0.4 * clamp01(task.imageWeight), width, height, 'soft-light'));
    layers.push(colourLayer(colour, 255, 0.05 + 0.12 * clamp01(task.imageWeight), width, height));
  }
  layers.push(await lightLayer(task, index, width, height));
  const control = clamp01(task.controlStrength);
  if (images.depth && control > 0) {
    // Atmospheric perspective: depth maps are white near and black far, so far pixels take the haze.
    const depth = await loadGrey(images.depth, width, height);
    const far = Buffer.allocUnsafe(depth.length);
    for (let i = 0; i < depth.length; i++) far[i] = 255 - depth[i]!;
    layers.push(colourLayer(style.sky[1], far, 0.8 * control, width, height));
  }
  if (images.lineArt && control > 0) {
    const lines = await loadGrey(images.lineArt, width, height);
    // Sketches are dark lines on paper; white-model renders and CAD exports can be the opposite.
    const darkOnLight = mean(lines) > 127;
    const strokes = Buffer.allocUnsafe(lines.length);
    for (let i = 0; i < lines.length; i++) strokes[i] = darkOnLight ? 255 - lines[i]! : lines[i]!;
    layers.push(colourLayer(INK, strokes, 0.95 * control, width, height, 'multiply'));
  }
  return toRaw(fromRaw(graded).composite(layers));
}

/**
 * A soft seeded light (warm sun or cool daylight from a seeded direction), so the images of one
 * task differ from each other and a new seed gives a new variant of the same base.
 */
async function lightLayer(task: EngineTask, index: number, width: number, height: number): Promise<OverlayOptions> {
  const rng = createRng(imageSeed(task.seed, index, 'light'));
  const warm = rng.chance(0.5);
  const colour = warm ? '#ffd9a0' : '#bcd8ff';
  // Drawn small and enlarged: a smooth gradient loses nothing and costs almost nothing.
  const s = 128;
  const w = width >= height ? s : Math.max(8, Math.round((s * width) / height));
  const h = width >= height ? Math.max(8, Math.round((s * height) / width)) : s;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><radialGradient id="l" cx="${f(rng.range(0, 1))}" cy="${f(rng.range(0, 0.6))}" r="${f(rng.range(0.5, 0.9))}">` +
    `<stop offset="0" stop-color="${colour}" stop-opacity="${f(rng.range(0.45, 0.7))}"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#l)"/></svg>`;
  const { data, info } = await sharp(Buffer.from(svg))
    .resize(width, height, { fit: 'fill' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { input: data, raw: { width: info.width, height: info.height, channels: 4 }, blend: 'soft-light' };
}

function clamp01(v: number): number {
  return Math.max(0, Math.min(1, Number.isFinite(v) ? v : 0));
}
