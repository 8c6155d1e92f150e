import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { taskParams, type TaskParamsInput } from '@turing/contract';
import type { TaskRow } from '../db/schema/index.ts';
import { loadConfig } from '../config.ts';
import { fitLongEdge, prepareEngineTask } from './engine-task.ts';
import { generationSettings } from './settings.ts';

const settings = generationSettings(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused' }));
const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#808080' } })
    .png()
    .toBuffer();
const sizeOf = async (b: Buffer | undefined) => {
  const m = await sharp(b!).metadata();
  return [m.width, m.height];
};

function row(params: TaskParamsInput): TaskRow {
  return { id: 'task', userId: 'user', attempt: 1, promptSent: 'p', params: taskParams.parse(params) } as TaskRow;
}

describe('the work an engine is given', () => {
  it('fits a long edge keeping the ratio, never enlarging', () => {
    expect(fitLongEdge(6000, 4000, 768)).toEqual({ width: 768, height: 512 });
    expect(fitLongEdge(3000, 6000, 1280)).toEqual({ width: 640, height: 1280 });
    expect(fitLongEdge(500, 300, 768)).toEqual({ width: 500, height: 300 });
  });

  it("edits a 24 MP upload at the quality's size, base and mask alike, keeping the original for the paste", async () => {
    const base = await image(6000, 4000);
    const mask = await image(6000, 4000);
    const ids: Record<string, Buffer> = { b: base, m: mask };
    const { task, original } = await prepareEngineTask(
      row({ mode: 'edit', quality: 'SD', baseImageId: uuid(1), maskImageId: uuid(2), prompt: 'x' }),
      settings,
      async (id) => (id === uuid(1) ? ids.b! : ids.m!),
    );
    expect([task.width, task.height]).toEqual([768, 512]);
    expect(await sizeOf(task.images.base)).toEqual([768, 512]);
    expect(await sizeOf(task.images.mask)).toEqual([768, 512]);
    expect(original).toBe(base);
  });

  it('sends an iteration its base and guides within the long edge, at the chosen preset', async () => {
    const big = await image(4000, 3000);
    const { task } = await prepareEngineTask(
      row({ mode: 'iterate', quality: 'HD', size: '4:3', baseImageId: uuid(1), depthImageId: uuid(2) }),
      settings,
      async () => big,
    );
    expect([task.width, task.height]).toEqual([1280, 960]);
    expect(await sizeOf(task.images.base)).toEqual([1280, 960]);
    expect(await sizeOf(task.images.depth)).toEqual([1280, 960]);
  });

  it("keeps a 3:2 base's view when no size is given, and crops it to a chosen preset", async () => {
    const sketch = await image(1800, 1200);
    const kept = await prepareEngineTask(
      row({ mode: 'iterate', quality: 'SD', baseImageId: uuid(1) }),
      settings,
      async () => sketch,
    );
    expect([kept.task.width, kept.task.height]).toEqual([768, 512]);
    expect(await sizeOf(kept.task.images.base)).toEqual([768, 512]);

    // A small base is enlarged to the quality's long edge: the price pays for that size.
    const small = await image(300, 450);
    const upright = await prepareEngineTask(
      row({ mode: 'iterate', quality: 'HD', baseImageId: uuid(1) }),
      settings,
      async () => small,
    );
    expect([upright.task.width, upright.task.height]).toEqual([856, 1280]);
    expect(await sizeOf(upright.task.images.base)).toEqual([856, 1280]);

    const cropped = await prepareEngineTask(
      row({ mode: 'iterate', quality: 'SD', size: '1:1', baseImageId: uuid(1) }),
      settings,
      async () => sketch,
    );
    expect([cropped.task.width, cropped.task.height]).toEqual([768, 768]);
    expect(await sizeOf(cropped.task.images.base)).toEqual([768, 768]);
  });

  it('offers the largest variant a balance pays for: fewer images, then a lower quality', () => {
    const fit = (
      p: { mode?: 'text' | 'upscale'; quality?: 'SD' | 'HD' | 'FHD'; count?: number; upscale?: 2 | 4 },
      cubes: number,
    ) => settings.largestFitting({ mode: 'text', quality: 'SD', count: 1, ...p }, cubes);
    expect(fit({ quality: 'FHD', count: 3 }, 9)).toEqual({ count: 2, quality: 'FHD', cubes: 8 });
    expect(fit({ quality: 'FHD', count: 3 }, 3)).toEqual({ count: 1, quality: 'HD', cubes: 2 });
    expect(fit({ quality: 'HD', count: 8 }, 5)).toEqual({ count: 2, quality: 'HD', cubes: 4 });
    expect(fit({ quality: 'SD', count: 2 }, 0)).toBeNull();
    expect(fit({ mode: 'upscale', upscale: 4 }, 3)).toEqual({ count: 1, quality: 'SD', upscale: 2, cubes: 2 });
  });

  it('upscales at the target size', async () => {
    const { task } = await prepareEngineTask(
      row({ mode: 'upscale', upscale: 4, baseImageId: uuid(1) }),
      settings,
      async () => image(300, 200),
    );
    expect([task.width, task.height, task.count]).toEqual([1200, 800, 1]);
    expect(task.baseSource).toBeUndefined();
  });

  it("tells an upscale where its base came from (the engine's mark follows it), and no other mode", async () => {
    const asked: string[] = [];
    const sourceOf = async (id: string, userId: string) => {
      asked.push(`${id} ${userId}`);
      return 'render' as const;
    };
    const up = row({ mode: 'upscale', upscale: 2, baseImageId: uuid(1) });
    const { task } = await prepareEngineTask(up, settings, async () => image(300, 200), sourceOf);
    expect(task.baseSource).toBe('render');
    expect(asked).toEqual([`${uuid(1)} ${up.userId}`]);
    const iterate = await prepareEngineTask(
      row({ mode: 'iterate', baseImageId: uuid(1) }),
      settings,
      async () => image(300, 200),
      sourceOf,
    );
    expect(iterate.task.baseSource).toBeUndefined();
    expect(asked).toHaveLength(1);
  });

  it("names the provider's model the catalogue gives, only on the model's own engine", async () => {
    const on = (engine: string, params: TaskParamsInput) => ({ ...row(params), engine }) as TaskRow;
    const make = async (r: TaskRow) => (await prepareEngineTask(r, settings, async () => image(300, 200))).task;
    const ultra = await make(on('stability', { mode: 'text', model: 'stable-image-ultra', prompt: 'x' }));
    expect(ultra.engineModel).toBe('ultra');
    const kontext = await make(on('flux', { mode: 'iterate', model: 'flux-pro', baseImageId: uuid(1) }));
    expect(kontext.engineModel).toBe('flux-kontext-pro');
    const fluxText = await make(on('flux', { mode: 'text', model: 'flux-pro', prompt: 'x' }));
    expect(fluxText.engineModel).toBe('flux-pro-1.1');
    // Routed to another engine (MODEL_ENGINES), or one of the product's own: that engine's own default.
    expect((await make(on('preview', { mode: 'text', model: 'stable-image-ultra', prompt: 'x' }))).engineModel).toBe(
      undefined,
    );
    expect((await make(on('preview', { mode: 'text', prompt: 'x' }))).engineModel).toBeUndefined();
    const upscale = await make(on('preview', { mode: 'upscale', model: 'flux-pro', upscale: 2, baseImageId: uuid(1) }));
    expect(upscale.engineModel).toBeUndefined();
  });

  it('fails as refused when an input image is gone from storage', async () => {
    await expect(
      prepareEngineTask(row({ mode: 'iterate', baseImageId: uuid(1) }), settings, async () => null),
    ).rejects.toMatchObject({ kind: 'invalid' });
  });
});

function uuid(n: number) {
  return `00000000-0000-4000-8000-00000000000${n}`;
}
