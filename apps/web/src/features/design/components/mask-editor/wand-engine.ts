import type { RasterShape } from './mask-types.ts';
import { readPixels } from './wand-pixels.ts';
import { createWandSession, workingSize, type WandRequest } from './wand-select.ts';
import type { WandWorkerMessage, WandWorkerReply } from './magic-wand.worker.ts';

/** Magic wand selections on one base image. */
export interface WandEngine {
  /** The area picked by a click, in image pixels; null when there is nothing to pick there. */
  select(request: WandRequest): Promise<RasterShape | null>;
  dispose(): void;
}

const canUseWorker = () =>
  typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined' && typeof createImageBitmap !== 'undefined';

/** Fills on this thread: where there are no workers, or the worker could not be started. */
function inlineEngine(image: HTMLImageElement, imageWidth: number, imageHeight: number): WandEngine {
  const grid = workingSize(imageWidth, imageHeight);
  const session = Promise.resolve().then(() =>
    createWandSession(readPixels(image, grid.width, grid.height), imageWidth, imageHeight),
  );
  return { select: (request) => session.then((wand) => wand.select(request)), dispose: () => {} };
}

function workerEngine(worker: Worker, image: HTMLImageElement, imageWidth: number, imageHeight: number): WandEngine {
  const grid = workingSize(imageWidth, imageHeight);
  const waiting = new Map<number, { resolve: (shape: RasterShape | null) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  // A worker that failed (its script did not load, it ran out of memory) answers nothing more.
  let broken: Error | null = null;
  const failAll = (error: Error) => {
    broken = error;
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
  };
  worker.onmessage = ({ data }: MessageEvent<WandWorkerReply>) => {
    const pending = waiting.get(data.id);
    waiting.delete(data.id);
    if ('error' in data) pending?.reject(new Error(data.error));
    else pending?.resolve(data.shape);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    failAll(new Error(event.message || 'the wand worker failed'));
  };
  const post = (message: WandWorkerMessage, transfer: Transferable[] = []) => worker.postMessage(message, transfer);
  const loaded = createImageBitmap(image, {
    resizeWidth: grid.width,
    resizeHeight: grid.height,
    resizeQuality: 'high',
  }).then((bitmap) => post({ type: 'load', image: bitmap, ...grid, imageWidth, imageHeight }, [bitmap]));

  return {
    select: (request) =>
      loaded.then(
        () =>
          new Promise<RasterShape | null>((resolve, reject) => {
            if (broken) return reject(broken);
            const id = nextId++;
            waiting.set(id, { resolve, reject });
            post({ type: 'select', id, request });
          }),
      ),
    dispose: () => {
      worker.terminate();
      failAll(new Error('the wand was closed'));
    },
  };
}

/**
 * A wand for `image`, whose full size is imageWidth × imageHeight. Where the browser can, the image is
 * handed to a worker as a bitmap (scaled to the working grid while it is made) and every fill runs
 * there; otherwise the pixels are read and filled on this thread.
 */
export function createWandEngine(image: HTMLImageElement, imageWidth: number, imageHeight: number): WandEngine {
  if (!canUseWorker()) return inlineEngine(image, imageWidth, imageHeight);
  let worker: Worker;
  try {
    worker = new Worker(new URL('./magic-wand.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    // A content security policy without workers: slower, but the wand still works.
    return inlineEngine(image, imageWidth, imageHeight);
  }
  return workerEngine(worker, image, imageWidth, imageHeight);
}
