import sharp from 'sharp';
import type { EngineTask } from '../../engine.ts';
import { fromRaw, toRaw, type RawImage } from './image-ops.ts';
import { findFunction, findMaterials, findStyle, type StyleLook } from './palettes.ts';
import { createRng, imageSeed } from './prng.ts';
import { architecturalScene } from './scene-architectural.ts';
import { interiorScene } from './scene-interior.ts';

/**
 * Longest side the SVG is drawn at, by quality. Flat shapes survive a lanczos enlargement well,
 * and drawing at full FHD size would cost several times more for no visible gain.
 */
const DRAW_LONG_SIDE: Record<EngineTask['quality'], number> = { SD: 640, HD: 960, FHD: 1280 };

export function styleOf(task: EngineTask): StyleLook {
  return findStyle(task.tags.style);
}

/** Text mode's picture for image `index` of the task: the scene the prompt's tags describe, at the output size. */
export async function renderScene(task: EngineTask, index: number): Promise<RawImage> {
  const { width, height } = task;
  const style = styleOf(task);
  const scale = Math.min(1, DRAW_LONG_SIDE[task.quality] / Math.max(width, height));
  const w = Math.max(16, Math.round(width * scale));
  const h = Math.max(16, Math.round(height * scale));
  const input = {
    w,
    h,
    // Tags and type are part of the seed so "brutalist museum" and "japandi villa" differ even at seed 0.
    rng: createRng(
      imageSeed(task.seed, index, `${task.type}|${task.tags.style}|${task.tags.material}|${task.tags.function}`),
    ),
    style,
    materials: findMaterials(task.tags.material, style),
    func: findFunction(task.tags.function),
  };
  const svg = task.type === 'interior' ? interiorScene(input) : architecturalScene(input);
  // Rasterise first, then enlarge: resizing an SVG input directly makes sharp redraw the vector at
  // the full output size, which is what the smaller drawing size is meant to avoid.
  const drawn = await toRaw(sharp(Buffer.from(svg)));
  if (w === width && h === height) return drawn;
  return toRaw(fromRaw(drawn).resize(width, height, { fit: 'fill', kernel: 'lanczos3' }));
}
