/*
 * The magic wand off the main thread: the base image's pixels (and its line art, once asked for) stay
 * here between clicks, so the page only sends a click and receives the selection, and a fill over
 * millions of pixels never holds up painting, zooming or typing.
 */
import type { WandPixels } from './magic-wand.ts';
import type { RasterShape } from './mask-types.ts';
import { readPixels } from './wand-pixels.ts';
import { createWandSession, type WandRequest, type WandSession } from './wand-select.ts';

export type WandWorkerMessage =
  | { type: 'load'; image: ImageBitmap; width: number; height: number; imageWidth: number; imageHeight: number }
  | { type: 'select'; id: number; request: WandRequest };

export type WandWorkerReply = { id: number; shape: RasterShape | null } | { id: number; error: string };

/** The worker's side of postMessage; the DOM typings describe a window's, which takes a target origin. */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WandWorkerMessage>) => void) | null;
  postMessage(message: WandWorkerReply, transfer?: Transferable[]): void;
};

let session: Promise<WandSession> = Promise.reject(new Error('no image loaded'));
session.catch(() => {});

scope.onmessage = ({ data: message }) => {
  if (message.type === 'load') {
    session = new Promise<WandPixels>((resolve) => {
      resolve(readPixels(message.image, message.width, message.height));
    })
      .then((pixels) => createWandSession(pixels, message.imageWidth, message.imageHeight))
      .finally(() => message.image.close());
    // A failed load is reported to each selection that waits for it, not here.
    session.catch(() => {});
    return;
  }
  const { id, request } = message;
  session
    .then((wand) => wand.select(request))
    .then(
      (shape) => scope.postMessage({ id, shape }, shape ? [shape.rects.buffer] : []),
      (error: unknown) => scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
    );
};
