import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WandPixels } from './magic-wand.ts';
import { createWandEngine } from './wand-engine.ts';
import { createWandSession, type WandRequest } from './wand-select.ts';

const W = 40;
const H = 30;

/** The base image as a canvas reads it (jsdom decodes no images): a warm left half, a cool right half. */
function halves(): WandPixels {
  const data = new Uint8ClampedArray(W * H * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) data.set([...(x < W / 2 ? [200, 90, 60] : [70, 130, 200]), 255], (y * W + x) * 4);
  }
  return { width: W, height: H, data };
}

/** A canvas that reads back the base image, drawn at its own size (its working grid). */
class FakeOffscreenCanvas {
  getContext() {
    return { drawImage: () => {}, getImageData: () => halves() };
  }
}

/**
 * A worker as browsers run one. Under a content security policy without workers, `new Worker` does
 * not throw: the script is refused later and the worker reports an `error` event, having run nothing.
 */
class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: { message?: string; preventDefault(): void }) => void) | null = null;
  posted: { type: string; id?: number; request?: WandRequest }[] = [];
  terminated = false;
  constructor() {
    FakeWorker.made.push(this);
  }
  postMessage(message: { type: string }) {
    this.posted.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  /** The browser refuses the worker (or the worker breaks): the page hears an error event. */
  fail() {
    this.onerror?.({ preventDefault: () => {} });
  }
  reply(data: unknown) {
    this.onmessage?.({ data });
  }
}

const click: WandRequest = { x: 5, y: 5, source: 'colour', tolerance: 16, mode: 'add' };
const image = {} as HTMLImageElement;
/** What the wand picks there, filled on this thread. */
const expected = () => createWandSession(halves(), W, H).select(click);

beforeEach(() => {
  FakeWorker.made = [];
  vi.stubGlobal('Worker', FakeWorker);
  vi.stubGlobal('OffscreenCanvas', FakeOffscreenCanvas);
  vi.stubGlobal('createImageBitmap', async () => ({ close() {} }));
});
afterEach(() => vi.unstubAllGlobals());

describe('the magic wand where the page may not start workers', () => {
  it('fills on the page instead, answering the click it was waiting on and the ones after', async () => {
    const wand = createWandEngine(image, W, H);
    const worker = FakeWorker.made[0]!;
    const first = wand.select(click);
    await vi.waitFor(() => expect(worker.posted.map((m) => m.type)).toEqual(['load', 'select']));

    worker.fail();
    const shape = await first;
    expect(shape).toEqual(expected());
    expect(shape?.w).toBeGreaterThan(0);
    expect(worker.terminated).toBe(true);
    // The next click no longer goes to the worker.
    expect(await wand.select({ ...click, x: 30 })).toEqual(
      createWandSession(halves(), W, H).select({ ...click, x: 30 }),
    );
    expect(worker.posted.filter((m) => m.type === 'select')).toHaveLength(1);
  });

  it('still ends a selection with the error when a worker that was answering breaks', async () => {
    const wand = createWandEngine(image, W, H);
    const worker = FakeWorker.made[0]!;
    const first = wand.select(click);
    await vi.waitFor(() => expect(worker.posted.at(-1)?.type).toBe('select'));
    worker.reply({ id: worker.posted.at(-1)!.id, shape: expected() });
    expect(await first).toEqual(expected());

    const second = wand.select(click);
    await vi.waitFor(() => expect(worker.posted.filter((m) => m.type === 'select')).toHaveLength(2));
    worker.fail();
    await expect(second).rejects.toThrow('the wand worker failed');
  });
});
