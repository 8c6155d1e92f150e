/**
 * A drawing thread of the preview engine: renders one image of a task (SVG scenes, pixel loops,
 * composition and the PNG encode) and its small progress thumbnail, so the API's thread only
 * passes bytes along. Its decoded pixels, and the garbage they leave, stay in this thread.
 * Messages: see DrawRequest / DrawReply in draw-pool.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import sharp from 'sharp';
import { lowerThreadPriority } from '../../../platform/thread-priority.ts';
import { EngineError, type EngineTask } from '../../engine.ts';
import { renderImage } from './render-modes.ts';

interface Request {
  type: 'draw';
  id: number;
  task: EngineTask;
  index: number;
  /** Longest side of the progress thumbnail. */
  thumbSide: number;
}

const port = parentPort!;

// Its drawing yields to the API's thread when the cores are short.
lowerThreadPriority(typeof workerData?.nice === 'number' ? workerData.nice : 10);

/** Structured cloning turns Buffers into plain Uint8Arrays; sharp and the drawing want Buffers. */
const asBuffer = (bytes: Uint8Array | undefined) =>
  bytes && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** sharp's output lives in native memory, which cannot be handed over: copied once into a transferable array. */
const transferable = (data: Buffer) => new Uint8Array(data);

async function draw(req: Request) {
  const images = req.task.images;
  const task: EngineTask = {
    ...req.task,
    images: {
      base: asBuffer(images.base),
      reference: asBuffer(images.reference),
      depth: asBuffer(images.depth),
      lineArt: asBuffer(images.lineArt),
      mask: asBuffer(images.mask),
    },
  };
  const png = await renderImage(task, req.index);
  const thumb = await sharp(png)
    .resize(req.thumbSide, req.thumbSide, { fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const image = transferable(png);
  const small = transferable(thumb.data);
  const { width, height, channels } = thumb.info;
  port.postMessage({ type: 'done', id: req.id, image, thumb: small, width, height, channels }, [
    image.buffer,
    small.buffer,
  ]);
}

port.on('message', (req: Request) => {
  draw(req).catch((error: unknown) => {
    port.postMessage({
      type: 'failed',
      id: req.id,
      // sharp refuses undecodable input images: nothing a retry would change.
      kind: error instanceof EngineError ? error.kind : 'invalid',
      message:
        error instanceof EngineError
          ? error.message
          : `preview engine: cannot render ${req.task.mode} image: ${error instanceof Error ? error.message : String(error)}`,
    });
  });
});
