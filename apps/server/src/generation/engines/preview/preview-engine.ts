import sharp from 'sharp';
import { EngineError, type Engine, type EngineResult, type EngineRunContext, type EngineTask } from '../../engine.ts';
import { createDrawPool, type DrawPool, type DrawPoolOptions, type Drawn } from './draw-pool.ts';
import { DRAW_SLOTS } from './draw-slots.ts';
import type { Upscaler } from '../../upscaler/upscaler.ts';
import { neuralUpscale } from './neural-upscale.ts';

export interface PreviewEngineOptions {
  /**
   * How long one task takes, spread over its progress steps, so a demo shows the queue and the
   * progress bar; 0 runs as fast as the CPU allows (tests).
   */
  paceMs: number;
  /** The built-in neural upscaler for upscale tasks; without it, a plain lanczos enlargement marked "Preview". */
  upscaler?: Upscaler;
  /** The drawing threads' settings (tests lower their priority to none). */
  drawing?: Omit<DrawPoolOptions, 'threads'>;
}

const STEPS = 10;
const PREVIEW_SIDE = 256;

/**
 * The embedded default engine: CPU only (sharp), deterministic for a seed, every drawing marked
 * "PREVIEW". It draws a scene from the tags (text), transforms a base image (iterate), changes
 * only the masked region (edit), so the product can be tried end to end without a GPU or an API
 * key. Upscale is real work: the built-in neural upscaler (see neural-upscale.ts), which also
 * serves the upscales of engines that have none.
 */
export function createPreviewEngine({ paceMs, upscaler, drawing }: PreviewEngineOptions): Engine {
  // Shutdown stops running tasks the same way a cancel does.
  const closing = new AbortController();
  const pool = createDrawPool({ threads: DRAW_SLOTS, ...drawing });
  return {
    name: 'preview',
    canCancelRunning: true,
    run(task, ctx) {
      const running = (async () => {
        const signal = AbortSignal.any([ctx.signal, closing.signal]);
        checkAbort(signal);
        // Real work takes the time it takes: no pacing.
        if (task.mode === 'upscale' && upscaler) return neuralUpscale(task, ctx, signal, upscaler);
        return runTask(task, ctx, signal, Math.max(0, paceMs), pool);
      })();
      // Shutdown ends running tasks at once while it waits for the threads to stop, whether or not
      // anyone still awaits them: the caller sees the rejection, and it is never an unhandled one.
      running.catch(() => {});
      return running;
    },
    async health() {
      return {
        ok: true,
        detail: upscaler
          ? 'CPU preview engine: drawings are sketches marked "Preview"; upscale runs a neural upscaler (ESRGAN) on the CPU'
          : 'CPU preview engine: images are sketches marked "Preview"',
      };
    },
    available: () => true,
    capacity: () => undefined,
    async close() {
      closing.abort();
      await Promise.all([pool.close(), upscaler?.close()]);
    },
  };
}

async function runTask(
  task: EngineTask,
  ctx: EngineRunContext,
  signal: AbortSignal,
  paceMs: number,
  pool: DrawPool,
): Promise<EngineResult> {
  checkAbort(signal);
  ctx.onEvent({ type: 'started' });
  const count = task.mode === 'upscale' ? 1 : Math.max(1, Math.min(8, Math.floor(task.count)));
  const images: Buffer[] = [];
  let small: Drawn['thumb'] | undefined;
  for (let step = 1; step <= STEPS; step++) {
    // Images are drawn as the steps go by, so each step's preview shows real work.
    while (images.length < count && images.length * STEPS < step * count) {
      checkAbort(signal);
      const drawn = await pool.draw({ task, index: images.length, thumbSide: PREVIEW_SIDE, signal });
      images.push(drawn.image);
      small = drawn.thumb;
    }
    if (paceMs > 0) await pause(paceMs / STEPS, signal);
    checkAbort(signal);
    ctx.onEvent({
      type: 'progress',
      percent: Math.round((step * 100) / STEPS),
      preview: await progressPreview(small!, step),
    });
  }
  return { images };
}

/** Looks like a diffusion run resolving: heavily blurred early, sharp at the end. */
async function progressPreview(small: Drawn['thumb'], step: number): Promise<Buffer> {
  const { width, height, channels } = small.info;
  const sigma = 0.3 + 12 * (1 - step / STEPS) ** 1.5;
  return sharp(small.data, { raw: { width, height, channels } }).blur(sigma).jpeg({ quality: 60 }).toBuffer();
}

function checkAbort(signal: AbortSignal): void {
  if (signal.aborted) throw new EngineError('interrupted', 'preview engine: cancelled');
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new EngineError('interrupted', 'preview engine: cancelled'));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(new EngineError('interrupted', 'preview engine: cancelled'));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
