import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { taskParams, type EngineInputLimits, type TaskParamsInput } from '@turing/contract';
import type { TaskRow } from '../db/schema/index.ts';
import { loadConfig } from '../config.ts';
import { ENGINE_CAPABILITIES } from './capabilities.ts';
import { prepareEngineTask } from './engine-task.ts';
import type { EngineName } from './engine.ts';
import { sizeWithin, withinInputLimits } from './input-limits.ts';
import { generationSettings } from './settings.ts';
import { createStabilityEngine } from './engines/stability/stability-engine.ts';
import { createFluxEngine } from './engines/flux/flux-engine.ts';
import { createWanEngine } from './engines/wan/wan-engine.ts';
import { startFakeStability } from '../../test-support/stability/fake-stability-server.ts';
import { FakeBfl } from '../../test-support/providers/fake-bfl.ts';
import { FakeDashScope, type ReceivedImage } from '../../test-support/providers/fake-dashscope.ts';
import { FAST, cleanup, makeContext, onCleanup, track } from '../../test-support/providers/provider-test-kit.ts';

afterEach(cleanup);

const settings = generationSettings(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused' }));
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A 16:9 photo-like upload, and a mask of the same size painting its middle. */
async function upload(width = 1600, height = 900) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#7fb2e5"/><rect x="${width * 0.2}" y="${height * 0.4}" width="${width * 0.6}" height="${height * 0.5}" fill="#9a9a9a"/></svg>`;
  const maskSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#000"/><rect x="${width / 3}" y="${height / 3}" width="${width / 3}" height="${height / 3}" fill="#fff"/></svg>`;
  return {
    base: await sharp(Buffer.from(svg)).png().toBuffer(),
    mask: await sharp(Buffer.from(maskSvg)).greyscale().png().toBuffer(),
  };
}

function row(engine: EngineName, params: TaskParamsInput): TaskRow {
  return {
    id: `task-${engine}`,
    userId: 'user',
    attempt: 1,
    engine,
    promptSent: 'a glass facade',
    params: taskParams.parse(params),
  } as TaskRow;
}

/** A 16:9 SD edit or iteration prepared for `engine`. */
async function prepared(engine: EngineName, mode: 'edit' | 'iterate') {
  const { base, mask } = await upload();
  const params: TaskParamsInput =
    mode === 'edit'
      ? { mode, quality: 'SD', baseImageId: uuid(1), maskImageId: uuid(2), prompt: 'a glass facade' }
      : { mode, quality: 'SD', size: '16:9', baseImageId: uuid(1), prompt: 'a glass facade' };
  return prepareEngineTask(row(engine, params), settings, async (id) => (id === uuid(1) ? base : mask));
}

async function expectWithin(image: Buffer | undefined, limits: EngineInputLimits) {
  const meta = await sharp(image!).metadata();
  const [w, h] = [meta.width!, meta.height!];
  if (limits.minSide) expect(Math.min(w, h)).toBeGreaterThanOrEqual(limits.minSide);
  if (limits.maxSide) expect(Math.max(w, h)).toBeLessThanOrEqual(limits.maxSide);
  if (limits.maxPixels) expect(w * h).toBeLessThanOrEqual(limits.maxPixels);
  if (limits.maxBytes) expect(image!.length).toBeLessThanOrEqual(limits.maxBytes);
  return { width: w, height: h, format: meta.format };
}

describe("an engine's input limits", () => {
  it('scale a small image up to the shortest side keeping its ratio, and crop only what exceeds the longest', () => {
    const wan = { minSide: 512, maxSide: 4096 };
    expect(sizeWithin(768, 432, wan)).toEqual({ scaled: { width: 911, height: 512 } });
    expect(sizeWithin(432, 768, wan)).toEqual({ scaled: { width: 512, height: 911 } });
    expect(sizeWithin(1024, 768, wan)).toEqual({ scaled: { width: 1024, height: 768 } });
    // Too long: scaled back when the short side allows it, else cropped centred.
    expect(sizeWithin(6000, 4000, wan)).toEqual({ scaled: { width: 4096, height: 2731 } });
    expect(sizeWithin(10000, 500, wan)).toEqual({
      scaled: { width: 10240, height: 512 },
      crop: { width: 4096, height: 512 },
    });
    expect(sizeWithin(4000, 3000, { maxPixels: 9_437_184 }).scaled.width).toBeLessThanOrEqual(3547);
    expect(sizeWithin(640, 480, {})).toEqual({ scaled: { width: 640, height: 480 } });
  });

  it('bring a mask along at exactly the base size, nearest neighbour (hard edges)', async () => {
    const { base, mask } = await upload(768, 432);
    const out = await withinInputLimits(base, { minSide: 512, maxSide: 4096 }, mask);
    expect(await expectWithin(out.image, { minSide: 512 })).toMatchObject({ width: 911, height: 512 });
    const m = await sharp(out.mask!).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect([m.info.width, m.info.height]).toEqual([911, 512]);
    expect(new Set(m.data)).toEqual(new Set([0, 255]));
  });

  it('leave an image within the limits as it was', async () => {
    const { base, mask } = await upload(1024, 768);
    const out = await withinInputLimits(base, ENGINE_CAPABILITIES.wan.input, mask);
    expect(out.image).toBe(base);
    expect(out.mask).toBe(mask);
    expect((await withinInputLimits(base, undefined)).image).toBe(base);
  });

  it('re-encode an image too heavy for the byte limit (JPEG when PNG cannot fit), keeping its size', async () => {
    // Grain, as in a photo: PNG keeps every speck, JPEG does not need to.
    const heavy = await sharp(randomBytes(1024 * 768 * 3), { raw: { width: 1024, height: 768, channels: 3 } })
      .blur(1.2)
      .png()
      .toBuffer();
    const limits = { minSide: 512, maxBytes: Math.round(heavy.length / 3) };
    const out = await withinInputLimits(heavy, limits);
    expect(await expectWithin(out.image, limits)).toEqual({ width: 1024, height: 768, format: 'jpeg' });
  });

  it.each(['wan', 'stability', 'flux', 'openai'] as const)(
    'a 16:9 SD base and its mask, prepared for %s, are within its documented limits',
    async (engine) => {
      const limits = ENGINE_CAPABILITIES[engine].input!;
      expect(limits).toBeDefined();
      const edit = await prepared(engine, 'edit');
      // The output stays at the price's size; only what is sent grows.
      expect([edit.task.width, edit.task.height]).toEqual([768, 432]);
      const base = await expectWithin(edit.task.images.base, limits);
      const mask = await expectWithin(edit.task.images.mask, limits);
      expect([mask.width, mask.height]).toEqual([base.width, base.height]);
      expect(base.width / base.height).toBeCloseTo(16 / 9, 2);
      await expectWithin((await prepared(engine, 'iterate')).task.images.base, limits);
    },
  );

  it('leave the images of an engine without limits (ComfyUI, preview) at the quality size', async () => {
    expect(ENGINE_CAPABILITIES.comfyui.input).toBeUndefined();
    expect(ENGINE_CAPABILITIES.preview.input).toBeUndefined();
    const { task } = await prepared('comfyui', 'edit');
    const meta = await sharp(task.images.base!).metadata();
    expect([meta.width, meta.height]).toEqual([768, 432]);
  });
});

describe('a 16:9 SD base at the HTTP boundary of each hosted engine', () => {
  it('Wan: the edit model receives base and mask of 512–4096 px a side, and the task is made', async () => {
    const fake = await FakeDashScope.start();
    onCleanup(() => fake.close());
    const engine = track(
      createWanEngine({
        apiKey: fake.key,
        baseUrl: fake.url,
        model: 'wan2.2-t2i-flash',
        editModel: 'wanx2.1-imageedit',
        ...FAST,
      }),
    );
    const { task } = await prepared('wan', 'edit');
    const result = await engine.run(task, makeContext());
    expect(result.images).toHaveLength(1);
    const inputs = [...fake.tasks.values()][0]!.inputs as { base: ReceivedImage; mask: ReceivedImage };
    for (const image of [inputs.base, inputs.mask]) {
      expect(Math.min(image.width, image.height)).toBeGreaterThanOrEqual(512);
      expect(Math.max(image.width, image.height)).toBeLessThanOrEqual(4096);
    }
    expect([inputs.mask.width, inputs.mask.height]).toEqual([inputs.base.width, inputs.base.height]);
  });

  it('Wan: the double refuses a 768×432 base as DashScope does (InvalidParameter)', async () => {
    const fake = await FakeDashScope.start();
    onCleanup(() => fake.close());
    const { base } = await upload(768, 432);
    const res = await fetch(`${fake.url}/api/v1/services/aigc/image2image/image-synthesis`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${fake.key}`,
        'x-dashscope-async': 'enable',
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        model: 'wanx2.1-imageedit',
        input: {
          function: 'description_edit',
          prompt: 'x',
          base_image_url: `data:image/png;base64,${base.toString('base64')}`,
        },
        parameters: { n: 1 },
      }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'InvalidParameter' });
  });

  it('Stability: inpaint receives a base and mask within its image limits', async () => {
    const fake = await startFakeStability();
    onCleanup(() => fake.close());
    const engine = createStabilityEngine({ apiKey: fake.key, baseURL: fake.url, backoffMs: 10 });
    onCleanup(() => engine.close());
    const { task } = await prepared('stability', 'edit');
    await engine.run({ ...task, count: 1 }, makeContext());
    const sent = fake.received.find((r) => r.path.includes('inpaint'))!;
    const limits = ENGINE_CAPABILITIES.stability.input!;
    for (const file of [sent.files.image!, sent.files.mask!]) {
      expect(Math.min(file.width, file.height)).toBeGreaterThanOrEqual(limits.minSide!);
      expect(file.width * file.height).toBeLessThanOrEqual(limits.maxPixels!);
      expect(file.bytes.length).toBeLessThanOrEqual(limits.maxBytes!);
    }
  });

  it('FLUX: Kontext receives an input image within its limits', async () => {
    const fake = await FakeBfl.start();
    onCleanup(() => fake.close());
    const engine = track(
      createFluxEngine({
        apiKey: fake.key,
        baseUrl: fake.url,
        model: 'flux-pro-1.1',
        editModel: 'flux-kontext-pro',
        ...FAST,
      }),
    );
    const { task } = await prepared('flux', 'iterate');
    await engine.run({ ...task, count: 1 }, makeContext());
    const body = fake.submissions()[0]!.json as { input_image: string };
    await expectWithin(Buffer.from(body.input_image, 'base64'), ENGINE_CAPABILITIES.flux.input!);
  });
});
