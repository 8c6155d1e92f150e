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

  it('upscales at the target size', async () => {
    const { task } = await prepareEngineTask(
      row({ mode: 'upscale', upscale: 4, baseImageId: uuid(1) }),
      settings,
      async () => image(300, 200),
    );
    expect([task.width, task.height, task.count]).toEqual([1200, 800, 1]);
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
