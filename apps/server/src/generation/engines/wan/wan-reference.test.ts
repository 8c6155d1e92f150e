import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { EngineError } from '../../engine.ts';
import { FakeDashScope } from '../../../../test-support/providers/fake-dashscope.ts';
import {
  FAST,
  cleanup,
  makeContext,
  makeTask,
  onCleanup,
  png,
  sizeOf,
  track,
} from '../../../../test-support/providers/provider-test-kit.ts';
import { wan } from './descriptor.ts';
import { createWanEngine, referenceSize } from './wan-engine.ts';

afterEach(cleanup);

async function start() {
  const fake = await FakeDashScope.start();
  onCleanup(() => fake.close());
  const engine = track(
    createWanEngine({
      apiKey: fake.key,
      baseUrl: fake.url,
      model: 'wan2.2-t2i-flash',
      editModel: 'wanx2.1-imageedit',
      referenceModel: 'wan2.5-i2i-preview',
      ...FAST,
    }),
  );
  return { fake, engine };
}

interface Sent {
  model: string;
  input: { prompt: string; images: string[]; negative_prompt?: string };
  parameters: Record<string, unknown>;
}

const sentOf = (fake: FakeDashScope) => fake.submissions()[0]!.json as Sent;
const taskOf = (fake: FakeDashScope) => [...fake.tasks.values()][0]!;

describe('Wan engine: a reference image (wan2.5-i2i-preview)', () => {
  it('says so in its capabilities, in every mode it runs', () => {
    expect(wan.capabilities).toMatchObject({ reference: true, modes: ['text', 'iterate', 'edit'] });
    expect(wan.capabilities.referenceModes).toBeUndefined();
  });

  it('sends a text task with a reference to the multi-image model: the reference its one image, its look asked for', async () => {
    const { fake, engine } = await start();
    const reference = await png(400, 300, 70);
    const task = makeTask({
      count: 2,
      width: 1280,
      height: 960,
      engineModel: 'wan2.2-t2i-flash',
      images: { reference },
    });

    const result = await engine.run(task, makeContext());

    const sent = fake.submissions()[0]!;
    expect(sent.path).toBe('/api/v1/services/aigc/image2image/image-synthesis');
    expect(sent.headers['x-dashscope-async']).toBe('enable');
    const body = sentOf(fake);
    expect(Object.keys(body).sort()).toEqual(['input', 'model', 'parameters']);
    expect(body.model).toBe('wan2.5-i2i-preview');
    expect(Object.keys(body.input).sort()).toEqual(['images', 'negative_prompt', 'prompt']);
    expect(body.input.negative_prompt).toBe('blurry');
    expect(body.input.prompt).toMatch(/^a timber pavilion by a lake\n\nCreate this as a new picture: .*image 1/);
    expect(body.input.images).toHaveLength(1);
    expect(body.input.images[0]).toMatch(/^data:image\/png;base64,/);
    expect(body.parameters).toEqual({ size: '1280*960', n: 2, seed: 42 });
    // Brought up to the shortest side DashScope's edit models read.
    expect(taskOf(fake).inputs.images).toEqual([expect.objectContaining({ width: 683, height: 512, format: 'png' })]);
    expect(result.images).toHaveLength(2);
    for (const img of result.images) expect(await sizeOf(img)).toEqual({ width: 1280, height: 960, format: 'png' });
  });

  it('sends an iteration and an edit the base first and the reference second, with no mask', async () => {
    for (const mode of ['iterate', 'edit'] as const) {
      const { fake, engine } = await start();
      const images = {
        base: await png(1024, 768, 200),
        reference: await png(600, 600, 40),
        ...(mode === 'edit' && { mask: await png(1024, 768, 255) }),
      };

      await engine.run(makeTask({ mode, width: 1024, height: 768, images }), makeContext());

      const body = sentOf(fake);
      expect(body.model).toBe('wan2.5-i2i-preview');
      expect(body.input).not.toHaveProperty('function');
      expect(body.input).not.toHaveProperty('mask_image_url');
      expect(body.input.prompt).toMatch(
        /Keep the composition of image 1; use the colours, materials and mood of image 2\.$/,
      );
      expect(taskOf(fake).inputs.images!.map((i) => [i.width, i.height])).toEqual([
        [1024, 768],
        [600, 600],
      ]);
    }
  });

  it('asks for the task size within the model range: 768² to 1280² pixels, at most 4:1', () => {
    expect(referenceSize(1280, 960)).toBe('1280*960');
    expect(referenceSize(1920, 1080)).toBe('1706*960');
    expect(referenceSize(512, 512)).toBe('768*768');
    const [w, h] = referenceSize(4000, 500).split('*').map(Number) as [number, number];
    expect(w / h).toBeLessThanOrEqual(4);
    for (const [tw, th] of [
      [1920, 1080],
      [512, 512],
      [4000, 500],
      [640, 2560],
    ] as const) {
      const [sw, sh] = referenceSize(tw, th).split('*').map(Number) as [number, number];
      expect(sw * sh).toBeGreaterThanOrEqual(768 * 768);
      expect(sw * sh).toBeLessThanOrEqual(1280 * 1280);
    }
  });

  it('flattens a transparent reference, which the model refuses', async () => {
    const { fake, engine } = await start();
    const reference = await sharp({
      create: { width: 600, height: 600, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 0.3 } },
    })
      .png()
      .toBuffer();

    await engine.run(makeTask({ images: { reference } }), makeContext());

    expect(taskOf(fake).inputs.images).toHaveLength(1);
  });

  it('ends as invalid on the documented InvalidParameter, at submission or when the task fails', async () => {
    const { fake, engine } = await start();
    const task = makeTask({ images: { reference: await png(600, 600) } });
    fake.fail('submit', { status: 400, json: { code: 'InvalidParameter', message: 'input.images is invalid' } });

    const refused = await engine.run(task, makeContext()).catch((e: unknown) => e);

    expect(refused).toBeInstanceOf(EngineError);
    expect(refused).toMatchObject({ kind: 'invalid', taskError: 'TASK_INPUT_REJECTED' });
    fake.outcomes.push({ status: 'FAILED', code: 'InvalidParameter.DataInspection', message: 'download failed' });
    const failed = await engine.run(task, makeContext()).catch((e: unknown) => e);
    expect(failed).toMatchObject({
      kind: 'invalid',
      message: expect.stringContaining('InvalidParameter.DataInspection'),
    });
    expect(fake.submissions()).toHaveLength(2);
  });
});
