import { afterEach, describe, expect, it } from 'vitest';
import { EngineError } from '../../engine.ts';
import { FakeBfl } from '../../../../test-support/providers/fake-bfl.ts';
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
import { flux } from './descriptor.ts';
import { createFluxEngine } from './flux-engine.ts';

afterEach(cleanup);

async function start() {
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
  return { fake, engine };
}

const jobOf = (fake: FakeBfl, i = 0) => [...fake.jobs.values()][i]!;

describe('FLUX engine: a reference image', () => {
  it('says so in its capabilities, in every mode it runs', () => {
    expect(flux.capabilities).toMatchObject({ reference: true, modes: ['text', 'iterate', 'edit'] });
    expect(flux.capabilities.referenceModes).toBeUndefined();
  });

  it('sends a text task with a reference to Kontext, the reference its input image and its style asked for', async () => {
    const { fake, engine } = await start();
    const reference = await png(640, 480, 90);
    // The catalogue's text model takes no image: the task goes to the image model instead.
    const task = makeTask({ engineModel: 'flux-pro-1.1', width: 1024, height: 768, images: { reference } });

    const result = await engine.run(task, makeContext());

    expect(fake.submissions().map((r) => r.path)).toEqual(['/v1/flux-kontext-pro']);
    const body = fake.submissions()[0]!.json as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(
      ['aspect_ratio', 'input_image', 'output_format', 'prompt', 'safety_tolerance', 'seed'].sort(),
    );
    expect(body).toMatchObject({ aspect_ratio: '4:3', output_format: 'png', seed: 42, safety_tolerance: 2 });
    expect(body.prompt).toMatch(/^a timber pavilion by a lake\n\n/);
    expect(body.prompt).toMatch(/style, colours and materials of the input image, not its content or composition/);
    expect(jobOf(fake).inputs).toEqual({ input_image: { width: 640, height: 480, format: 'png' } });
    expect(await sizeOf(result.images[0]!)).toEqual({ width: 1024, height: 768, format: 'png' });
  });

  it('keeps a catalogue model that takes images for a text task with a reference', async () => {
    const { fake, engine } = await start();
    const task = makeTask({ engineModel: 'flux-kontext-max', images: { reference: await png(300, 300) } });

    await engine.run(task, makeContext());

    expect(fake.submissions().map((r) => r.path)).toEqual(['/v1/flux-kontext-max']);
  });

  it('sends an iteration and an edit the reference as input_image_2, next to the base', async () => {
    for (const mode of ['iterate', 'edit'] as const) {
      const { fake, engine } = await start();
      const base = await png(1024, 768, 200);
      const reference = await png(400, 300, 60);
      const mask = await png(1024, 768, 255);
      const images = { base, reference, ...(mode === 'edit' && { mask }) };

      await engine.run(makeTask({ mode, engineModel: 'flux-kontext-pro', images }), makeContext());

      const body = fake.submissions()[0]!.json as Record<string, unknown>;
      expect(fake.submissions()[0]!.path).toBe('/v1/flux-kontext-pro');
      expect(body.prompt).toMatch(/^a timber pavilion by a lake\n\nUse the second image as the reference/);
      expect(body).not.toHaveProperty('input_image_3');
      expect(jobOf(fake).inputs).toEqual({
        input_image: { width: 1024, height: 768, format: 'png' },
        input_image_2: { width: 400, height: 300, format: 'png' },
      });
    }
  });

  it('sends no second image and no reference words without a reference', async () => {
    const { fake, engine } = await start();
    await engine.run(makeTask({ mode: 'iterate', images: { base: await png(512, 512) } }), makeContext());

    const body = fake.submissions()[0]!.json as Record<string, unknown>;
    expect(body.prompt).toBe('a timber pavilion by a lake');
    expect(body).not.toHaveProperty('input_image_2');
  });

  it('ends as invalid when the API refuses the input image (422), without sending it again', async () => {
    const { fake, engine } = await start();
    // Kontext reads at most 20 megapixels.
    const reference = await png(5000, 4100);

    const error = await engine.run(makeTask({ images: { reference } }), makeContext()).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).kind).toBe('invalid');
    expect(fake.submissions()).toHaveLength(1);
    expect(fake.submissions()[0]!.json).toHaveProperty('input_image');
  });
});
