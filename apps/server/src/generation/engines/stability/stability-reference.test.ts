import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeStability, type FakeStability } from '../../../../test-support/stability/fake-stability-server.ts';
import type { EngineTask } from '../../engine.ts';
import { stability } from './descriptor.ts';
import { createStabilityEngine } from './stability-engine.ts';

let fake: FakeStability;

beforeAll(async () => {
  fake = await startFakeStability();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.received.length = 0;
  fake.script.length = 0;
});

const png = (w: number, h: number, colour = '#808080') =>
  sharp({ create: { width: w, height: h, channels: 3, background: colour } })
    .png()
    .toBuffer();

function task(overrides: Partial<EngineTask> = {}): EngineTask {
  return {
    id: 'task-ref',
    attempt: 1,
    mode: 'text',
    type: 'architectural',
    model: 'stable-image-core',
    prompt: 'a brick library by a canal',
    negativePrompt: 'people',
    width: 768,
    height: 512,
    count: 1,
    quality: 'HD',
    seed: 7,
    imageWeight: 0.65,
    textWeight: 0.5,
    controlStrength: 0.6,
    tags: { style: [], material: [], function: [] },
    images: {},
    ...overrides,
  };
}

const run = (t: EngineTask) =>
  createStabilityEngine({ apiKey: fake.key, baseURL: fake.url, backoffMs: 10 }).run(t, {
    signal: new AbortController().signal,
    onEvent: () => undefined,
  });

describe('stability engine: a reference image', () => {
  it('says so in its capabilities: text and iterate, not edit', () => {
    expect(stability.capabilities).toMatchObject({ reference: true, referenceModes: ['text', 'iterate'] });
  });

  it('guides a text task through control/style (Style Guide), whichever generate model it names', async () => {
    const reference = await png(600, 400, '#a05030');
    for (const engineModel of ['core', 'ultra', 'sd3.5-large']) {
      fake.received.length = 0;
      const { images } = await run(task({ engineModel, images: { reference } }));

      expect(fake.received).toHaveLength(1);
      const [sent] = fake.received;
      expect([sent!.method, sent!.path, sent!.accept]).toEqual([
        'POST',
        '/v2beta/stable-image/control/style',
        'image/*',
      ]);
      expect(sent!.fields).toEqual({
        prompt: 'a brick library by a canal',
        negative_prompt: 'people',
        aspect_ratio: '3:2',
        fidelity: '0.65',
        seed: '7',
        output_format: 'png',
      });
      expect(Object.keys(sent!.files)).toEqual(['image']);
      expect(sent!.files.image).toMatchObject({ type: 'image/png', width: 600, height: 400, hasAlpha: false });
      const meta = await sharp(images[0]!).metadata();
      expect([meta.width, meta.height]).toEqual([768, 512]);
    }
  });

  it('crops a reference wider than 2.5:1 to it, so the API does not refuse it', async () => {
    await run(task({ images: { reference: await png(900, 200) } }));

    const image = fake.received[0]!.files.image!;
    expect(image.width / image.height).toBeLessThanOrEqual(2.5);
    expect(image.height).toBe(200);
  });

  it('restyles an iteration without guides through control/style-transfer: base as init_image, reference as style_image', async () => {
    const base = await png(768, 512, '#dddddd');
    const reference = await png(400, 400, '#225588');
    await run(task({ mode: 'iterate', imageWeight: 0.8, images: { base, reference } }));

    const [sent] = fake.received;
    expect(sent!.path).toBe('/v2beta/stable-image/control/style-transfer');
    expect(sent!.fields).toEqual({
      prompt: 'a brick library by a canal',
      negative_prompt: 'people',
      composition_fidelity: '0.8',
      change_strength: '0.2',
      seed: '7',
      output_format: 'png',
    });
    expect(Object.keys(sent!.files).sort()).toEqual(['init_image', 'style_image']);
    expect(sent!.files.init_image).toMatchObject({ width: 768, height: 512 });
    expect(sent!.files.style_image).toMatchObject({ width: 400, height: 400 });
  });

  it('changes a base the image weight keeps whole by the least Style Transfer allows, and sends no empty prompt', async () => {
    const images = { base: await png(512, 512), reference: await png(256, 256) };
    await run(task({ mode: 'iterate', prompt: '  ', imageWeight: 1, images }));

    expect(fake.received[0]!.fields).not.toHaveProperty('prompt');
    expect(fake.received[0]!.fields.change_strength).toBe('0.1');
  });

  it('follows line art through control/sketch, which takes no reference', async () => {
    const images = { base: await png(512, 512), lineArt: await png(512, 512, '#ffffff'), reference: await png(64, 64) };
    await run(task({ mode: 'iterate', images }));

    expect(fake.received[0]!.path).toBe('/v2beta/stable-image/control/sketch');
    expect(Object.keys(fake.received[0]!.files)).toEqual(['image']);
  });

  it('ends as invalid on the documented 400 of the style endpoint, and refused on its content moderation', async () => {
    const reference = await png(300, 200);
    fake.script.push({ status: 400, name: 'bad_request', errors: ['fidelity: must be between 0 and 1'] });
    await expect(run(task({ images: { reference } }))).rejects.toMatchObject({ kind: 'invalid' });

    fake.script.push({ status: 403, name: 'content_moderation', errors: ['flagged'] });
    const refused = await run(task({ images: { reference } })).then(
      () => null,
      (e: unknown) => e as Error & { kind: string },
    );
    expect(refused).toMatchObject({ kind: 'refused' });
    expect(refused!.message).not.toContain('flagged');
  });
});
