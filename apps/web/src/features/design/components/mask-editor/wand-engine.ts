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

interface Pending {
  request: WandRequest;
  resolve: (shape: RasterShape | null) => void;
  reject: (e: Error) => void;
}

function workerEngine(worker: Worker, image: HTMLImageElement, imageWidth: number, imageHeight: number): WandEngine {
  const grid = workingSize(imageWidth, imageHeight);
  const waiting = new Map<number, Pending>();
  let nextId = 1;
  // Whether the worker has answered at all: until it has, a failure may be the page's policy.
  let answered = false;
  // A worker that failed (its script did not load, it ran out of memory) answers nothing more.
  let broken: Error | null = null;
  // The fills on this thread that stand in for a worker that never ran.
  let inline: WandEngine | null = null;
  const failAll = (error: Error) => {
    broken = error;
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
  };
  /** The selections waiting, and every one after, go to fills on this thread. */
  const fallBack = () => {
    worker.terminate();
    inline = inlineEngine(image, imageWidth, imageHeight);
    for (const { request, resolve, reject } of waiting.values()) inline.select(request).then(resolve, reject);
    waiting.clear();
  };
  worker.onmessage = ({ data }: MessageEvent<WandWorkerReply>) => {
    answered = true;
    const pending = waiting.get(data.id);
    waiting.delete(data.id);
    if ('error' in data) pending?.reject(new Error(data.error));
    else pending?.resolve(data.shape);
  };
  // A content security policy without workers (worker-src) does not make `new Worker` throw: the
  // browser refuses the script later and reports it here, as it does a script that failed to load.
  // Before any answer nothing is lost by filling on this thread instead; after one, the worker ran
  // and broke (out of memory, say), and this image's selections end with that error.
  worker.onerror = (event) => {
    event.preventDefault();
    if (answered) failAll(new Error(event.message || 'the wand worker failed'));
    else fallBack();
  };
  const post = (message: WandWorkerMessage, transfer: Transferable[] = []) => worker.postMessage(message, transfer);
  const loaded = createImageBitmap(image, {
    resizeWidth: grid.width,
    resizeHeight: grid.height,
    resizeQuality: 'high',
  }).then((bitmap) => post({ type: 'load', image: bitmap, ...grid, imageWidth, imageHeight }, [bitmap]));

  const ask = (request: WandRequest) =>
    new Promise<RasterShape | null>((resolve, reject) => {
      if (broken) return reject(broken);
      const id = nextId++;
      waiting.set(id, { request, resolve, reject });
      post({ type: 'select', id, request });
    });

  return {
    select: (request) => inline?.select(request) ?? loaded.then(() => inline?.select(request) ?? ask(request)),
    dispose: () => {
      worker.terminate();
      inline = null;
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
    // A browser that refuses at once (most report a refused worker later: see workerEngine).
    return inlineEngine(image, imageWidth, imageHeight);
  }
  return workerEngine(worker, image, imageWidth, imageHeight);
}
