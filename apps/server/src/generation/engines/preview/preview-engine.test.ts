import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { EngineError, type EngineEvent, type EngineTask } from '../../engine.ts';
import { createUpscaler } from '../../upscaler/upscaler.ts';
import { createPreviewEngine } from './preview-engine.ts';
import { previewMarkOverlay } from './preview-mark.ts';
import { renderScene } from './render-scene.ts';

// The test waits for its drawings: at the default nice 10 a busy test run would starve their threads.
const TEST_DRAWING = { nice: 0 };
const engine = createPreviewEngine({ paceMs: 0, drawing: TEST_DRAWING });
// Its drawing threads stay warm while idle: ended with the file, not kept by the worker that runs
// the next one.
afterAll(() => engine.close());

function task(overrides: Partial<EngineTask> = {}): EngineTask {
  return {
    id: 'task-1',
    attempt: 1,
    mode: 'text',
    type: 'architectural',
    model: 'architecture',
    prompt: 'a museum',
    negativePrompt: '',
    width: 320,
    height: 240,
    count: 1,
    quality: 'SD',
    seed: 1234,
    imageWeight: 0.5,
    textWeight: 0.5,
    controlStrength: 0.5,
    tags: { style: ['brutalist'], material: ['concrete'], function: ['museum'] },
    images: {},
    ...overrides,
  };
}

async function run(t: EngineTask, signal = new AbortController().signal) {
  const events: EngineEvent[] = [];
  const result = await engine.run(t, { signal, onEvent: (e) => events.push(e) });
  return { images: result.images, events };
}

const raw = (png: Buffer) => sharp(png).removeAlpha().raw().toBuffer();

/** Mean absolute difference per channel value, 0–255. */
async function distance(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([raw(a), raw(b)]);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i]! - y[i]!);
  return sum / x.length;
}

const svgPng = (w: number, h: number, body: string) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${body}</svg>`))
    .png()
    .toBuffer();

describe('preview engine: text', () => {
  it('gives the same bytes for the same task and different images for another seed', async () => {
    const [a] = (await run(task())).images;
    const [b] = (await run(task())).images;
    const [c] = (await run(task({ seed: 1235 }))).images;
    expect(a!.equals(b!)).toBe(true);
    expect(a!.equals(c!)).toBe(false);
    expect(await distance(a!, c!)).toBeGreaterThan(3);
  });

  it('honours size and count, each image different', async () => {
    const { images } = await run(task({ width: 300, height: 180, count: 3, type: 'interior' }));
    expect(images).toHaveLength(3);
    for (const image of images) {
      const meta = await sharp(image).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 300, 180]);
    }
    expect(images[0]!.equals(images[1]!)).toBe(false);
    expect(images[1]!.equals(images[2]!)).toBe(false);
  });

  it('draws a different scene for other tags and falls back on unknown ones', async () => {
    const [brutalist] = (await run(task())).images;
    const [timber] = (await run(task({ tags: { style: ['scandinavian'], material: ['timber'], function: ['villa'] } })))
      .images;
    const [unknown] = (await run(task({ tags: { style: ['no-such-style'], material: ['??'], function: [] } }))).images;
    expect(await distance(brutalist!, timber!)).toBeGreaterThan(5);
    expect((await sharp(unknown!).metadata()).width).toBe(320);
  });

  it('marks every image as a preview in the bottom-right corner', async () => {
    const t = task({ width: 400, height: 300 });
    const [marked] = (await run(t)).images;
    const plain = await renderScene(t, 0);
    const pixels = await raw(marked!);
    const differs = (x0: number, y0: number, x1: number, y1: number) => {
      let n = 0;
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const i = (y * 400 + x) * 3;
          if (pixels[i] !== plain.data[i] || pixels[i + 1] !== plain.data[i + 1]) n++;
        }
      }
      return n;
    };
    expect(differs(300, 270, 400, 300)).toBeGreaterThan(500);
    expect(differs(0, 0, 200, 200)).toBe(0);
  });
});

describe('preview engine: iterate, edit, upscale', () => {
  const base = svgPng(
    400,
    300,
    '<rect width="400" height="300" fill="#8aa"/><rect x="120" y="80" width="160" height="170" fill="#ddd"/>',
  );
  const lineArt = svgPng(
    400,
    300,
    '<rect width="400" height="300" fill="#fff"/><path d="M40 260 L200 40 L360 260 Z" stroke="#000" stroke-width="6" fill="none"/>',
  );
  const iterate = async (overrides: Partial<EngineTask>) =>
    (await run(task({ mode: 'iterate', width: 400, height: 300, images: { base: await base }, ...overrides })))
      .images[0]!;

  it('transforms the base at the task size, keeping more of it as imageWeight rises', async () => {
    const original = await base;
    const low = await iterate({ imageWeight: 0.1 });
    const high = await iterate({ imageWeight: 0.9 });
    expect((await sharp(low).metadata()).width).toBe(400);
    expect(await distance(high, original)).toBeGreaterThan(1);
    expect(await distance(high, original)).toBeLessThan(await distance(low, original));
  });

  it('draws the line art more strongly as controlStrength rises', async () => {
    const images = { base: await base, lineArt: await lineArt };
    const plain = await iterate({ controlStrength: 0.5 });
    const weak = await iterate({ images, controlStrength: 0.2 });
    const strong = await iterate({ images, controlStrength: 0.9 });
    expect(await distance(strong, plain)).toBeGreaterThan(await distance(weak, plain));
  });

  it('borrows the colour of a reference image', async () => {
    const reference = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#d02020' } })
      .png()
      .toBuffer();
    const without = await iterate({});
    const withRef = await iterate({ images: { base: await base, reference } });
    const redness = async (png: Buffer) => {
      const [r, g, b] = (await sharp(png).stats()).channels.map((c) => c.mean);
      return r! - (g! + b!) / 2;
    };
    expect(await redness(withRef)).toBeGreaterThan((await redness(without)) + 10);
  });

  it('edit changes only the masked region', async () => {
    const mask = await svgPng(
      400,
      300,
      '<rect width="400" height="300" fill="#000"/><rect width="200" height="300" fill="#fff"/>',
    );
    const original = await raw(await base);
    const [edited] = (
      await run(task({ mode: 'edit', width: 400, height: 300, imageWeight: 0.2, images: { base: await base, mask } }))
    ).images;
    const out = await raw(edited!);
    let insideChanged = 0;
    let outsideChanged = 0;
    for (let y = 0; y < 300; y++) {
      for (let x = 0; x < 400; x++) {
        const i = (y * 400 + x) * 3;
        const same = out[i] === original[i] && out[i + 1] === original[i + 1] && out[i + 2] === original[i + 2];
        if (x >= 200 && !same) outsideChanged++;
        if (x < 200 && !same) insideChanged++;
      }
    }
    expect(outsideChanged).toBe(0);
    expect(insideChanged).toBeGreaterThan(200 * 300 * 0.5);
  });

  it('upscale enlarges the base by the factor', async () => {
    const small = await sharp(await base)
      .resize(100, 75)
      .png()
      .toBuffer();
    const { images } = await run(
      task({ mode: 'upscale', upscale: 4, count: 3, width: 400, height: 300, images: { base: small } }),
    );
    expect(images).toHaveLength(1);
    const meta = await sharp(images[0]!).metadata();
    expect([meta.width, meta.height]).toEqual([400, 300]);
  });

  it('refuses a mode without its input image', async () => {
    await expect(run(task({ mode: 'iterate' }))).rejects.toMatchObject({ kind: 'invalid' });
  });
});

describe('preview engine: progress and cancel', () => {
  it('reports started, then ten steps up to 100 % with small JPEG previews', async () => {
    const { events } = await run(task({ count: 2 }));
    expect(events[0]).toEqual({ type: 'started' });
    const progress = events.slice(1);
    expect(progress).toHaveLength(10);
    expect(progress.map((e) => (e.type === 'progress' ? e.percent : -1))).toEqual([
      10, 20, 30, 40, 50, 60, 70, 80, 90, 100,
    ]);
    for (const e of progress) {
      const preview = e.type === 'progress' ? e.preview : undefined;
      expect((await sharp(preview!).metadata()).format).toBe('jpeg');
    }
  });

  it('stops with interrupted when the signal aborts mid-run', async () => {
    const slow = createPreviewEngine({ paceMs: 60_000, drawing: TEST_DRAWING });
    const controller = new AbortController();
    const running = slow.run(task(), {
      signal: controller.signal,
      onEvent: (e) => {
        if (e.type === 'started') setTimeout(() => controller.abort(), 10);
      },
    });
    await expect(running).rejects.toBeInstanceOf(EngineError);
    await expect(running).rejects.toMatchObject({ kind: 'interrupted' });
    expect(slow.canCancelRunning).toBe(true);
    await slow.close();
  });

  it('refuses to start an already cancelled task and stops running ones on close', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(run(task(), controller.signal)).rejects.toMatchObject({ kind: 'interrupted' });

    const slow = createPreviewEngine({ paceMs: 60_000, drawing: TEST_DRAWING });
    const running = slow.run(task(), { signal: new AbortController().signal, onEvent: () => {} });
    await slow.close();
    await expect(running).rejects.toMatchObject({ kind: 'interrupted' });
  });

  it('is healthy without any configuration', async () => {
    expect((await engine.health()).ok).toBe(true);
  });
});

describe('preview engine: neural upscale', () => {
  it('upscales with the neural upscaler, per tile, marked "Preview" unless the base was real', async () => {
    const neural = createPreviewEngine({
      paceMs: 0,
      drawing: TEST_DRAWING,
      upscaler: createUpscaler({ weights: 'slim', nice: 0 }),
    });
    try {
      const small = await svgPng(
        160,
        100,
        '<rect width="160" height="100" fill="#9cc3e0"/><rect x="24" y="30" width="96" height="60" fill="#d9cbb3" stroke="#333"/><circle cx="130" cy="35" r="22" fill="#c4572e"/>',
      );
      const up = async (baseSource: EngineTask['baseSource']) => {
        const events: EngineEvent[] = [];
        const t = task({ mode: 'upscale', upscale: 2, width: 320, height: 200, images: { base: small }, baseSource });
        const { images } = await neural.run(t, {
          signal: new AbortController().signal,
          onEvent: (e) => events.push(e),
        });
        return { image: images[0]!, events };
      };
      const real = await up('render');
      const drawing = await up('preview');
      const unknown = await up(undefined);
      expect(real.events[0]).toEqual({ type: 'started' });
      // Two tiles of 128 px; 100 % is the task's own end, once stored.
      expect(real.events.slice(1).map((e) => (e.type === 'progress' ? e.percent : -1))).toEqual([50, 99]);
      expect((await sharp(real.image).metadata()).width).toBe(320);
      expect(unknown.image.equals(drawing.image)).toBe(true);
      // The two differ exactly where the badge sits.
      const badge = previewMarkOverlay(320, 200);
      const size = await sharp(badge.input as Buffer).metadata();
      const [a, b] = await Promise.all([raw(real.image), raw(drawing.image)]);
      let inside = 0;
      for (let y = 0; y < 200; y++)
        for (let x = 0; x < 320; x++) {
          const i = (y * 320 + x) * 3;
          if (a[i] === b[i] && a[i + 1] === b[i + 1] && a[i + 2] === b[i + 2]) continue;
          const inBadge =
            x >= badge.left! && x < badge.left! + size.width && y >= badge.top! && y < badge.top! + size.height;
          expect(inBadge, `pixel ${x},${y}`).toBe(true);
          inside++;
        }
      expect(inside).toBeGreaterThan(size.width * size.height * 0.3);
    } finally {
      await neural.close();
    }
  });
});
