import sharp from 'sharp';
import { EngineError, type EngineResult, type EngineRunContext, type EngineTask } from '../../engine.ts';
import type { Upscaler } from '../../upscaler/upscaler.ts';
import { finish, need, PNG } from './render-modes.ts';

/**
 * Upscale with the built-in neural upscaler (ESRGAN on the CPU, in its worker thread), progress
 * reported per tile. The result carries the "Preview" mark unless its source was real: a real
 * engine's render or the user's own upload. A preview drawing stays marked however it is enlarged.
 */
export async function neuralUpscale(
  task: EngineTask,
  ctx: EngineRunContext,
  signal: AbortSignal,
  upscaler: Upscaler,
): Promise<EngineResult> {
  const base = need(task.images.base, 'base');
  const factor = task.upscale ?? 2;
  let { width, height } = task;
  if (!(width > 0 && height > 0)) {
    const meta = await sharp(base)
      .metadata()
      .catch((error: unknown) => {
        throw new EngineError('invalid', 'preview engine: cannot read the upscale base image', { cause: error });
      });
    ({ width, height } = { width: meta.width * factor, height: meta.height * factor });
  }
  ctx.onEvent({ type: 'started' });
  const image = await upscaler.upscale({
    image: base,
    width,
    height,
    factor,
    signal,
    // 100 is the task's own end (stored and complete), not the last tile.
    onProgress: (done, total) =>
      ctx.onEvent({ type: 'progress', percent: Math.min(99, Math.round((done * 100) / total)) }),
  });
  const real = task.baseSource === 'render' || task.baseSource === 'upload';
  const png = real
    ? await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
        .png(PNG)
        .toBuffer()
    : await finish(image);
  return { images: [png] };
}
