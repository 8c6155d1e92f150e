import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeStability, type FakeStability } from '../../../../test-support/stability/fake-stability-server.ts';
import type { EngineEvent, EngineTask } from '../../engine.ts';
import { resultSeed } from '../../seeds.ts';
import { createStabilityEngine, type StabilityEngineOptions } from './stability-engine.ts';
import { apiAspect } from './stability-images.ts';
import { MAX_API_SEED, apiSeed, resolveModel } from './stability-requests.ts';

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

/** Black with a white block on the left quarter: our mask's "change here". */
const leftQuarterMask = (w: number, h: number) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#000"/><rect width="${w / 4}" height="${h}" fill="#fff"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

function task(overrides: Partial<EngineTask> = {}): EngineTask {
  return {
    id: 'task-1',
    attempt: 1,
    mode: 'text',
    type: 'interior',
    model: 'architecture',
    prompt: 'a japandi living room, timber and plaster',
    negativePrompt: 'people, text',
    width: 768,
    height: 512,
    count: 2,
    quality: 'HD',
    seed: 41,
    imageWeight: 0.7,
    textWeight: 0.5,
    controlStrength: 0.6,
    tags: { style: ['japandi'], material: ['timber'], function: ['living-room'] },
    images: {},
    ...overrides,
  };
}

const logged: { level: string; msg: string }[] = [];
const log = {
  warn: (_o: object, msg: string) => logged.push({ level: 'warn', msg }),
  error: (_o: object, msg: string) => logged.push({ level: 'error', msg }),
};

function engine(opts: Partial<StabilityEngineOptions> = {}) {
  return createStabilityEngine({ apiKey: fake.key, baseURL: fake.url, backoffMs: 10, log, ...opts });
}

async function run(t: EngineTask, opts: Partial<StabilityEngineOptions> = {}, signal = new AbortController().signal) {
  const events: EngineEvent[] = [];
  const result = await engine(opts).run(t, { signal, onEvent: (e) => events.push(e) });
  return { ...result, events };
}

const failure = (p: Promise<unknown>) => p.then(() => null).catch((e: unknown) => e as Error & { kind: string });

describe('stability engine: what it sends', () => {
  it('generates from text: one request per image, seed + index, nearest aspect, negative prompt, PNG at our size', async () => {
    const { images, events } = await run(task());
    expect(fake.received).toHaveLength(2);
    const [first, second] = fake.received;
    expect([first!.method, first!.path, first!.auth, first!.accept]).toEqual([
      'POST',
      '/v2beta/stable-image/generate/core',
      `Bearer ${fake.key}`,
      'image/*',
    ]);
    expect(first!.fields).toEqual({
      prompt: 'a japandi living room, timber and plaster',
      negative_prompt: 'people, text',
      aspect_ratio: '3:2',
      seed: '41',
      output_format: 'png',
    });
    expect(second!.fields.seed).toBe('42');
    expect(images).toHaveLength(2);
    for (const image of images) {
      const meta = await sharp(image).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 768, 512]);
    }
    expect(images[0]!.equals(images[1]!)).toBe(false);
    expect(events[0]).toEqual({ type: 'started' });
    expect(events.at(-1)).toEqual({ type: 'progress', percent: 100 });
  });

  it('asks for the nearest of its aspect ratios and crops to the preset', async () => {
    expect(apiAspect(1024, 768)).toBe('5:4'); // our 4:3
    expect(apiAspect(768, 1024)).toBe('4:5');
    expect(apiAspect(1280, 720)).toBe('16:9');
    expect(apiAspect(720, 1280)).toBe('9:16');
    expect(apiAspect(512, 768)).toBe('2:3');
    expect(apiAspect(2100, 900)).toBe('21:9');
    const { images } = await run(task({ width: 1024, height: 768, count: 1 }));
    expect(fake.received[0]!.fields.aspect_ratio).toBe('5:4');
    const meta = await sharp(images[0]!).metadata();
    expect([meta.width, meta.height]).toEqual([1024, 768]);
  });

  it('runs the model the catalogue names: ultra, or an SD 3.5 model (whose turbo takes no negative prompt)', async () => {
    expect(resolveModel(undefined, 'core')).toEqual({ endpoint: 'core' });
    expect(resolveModel('stable-image-ultra', 'core')).toEqual({ endpoint: 'ultra' });
    expect(resolveModel('gpt-image-2', 'sd3')).toEqual({ endpoint: 'sd3' });
    await run(task({ count: 1, engineModel: 'ultra' }));
    expect(fake.received[0]!.path).toBe('/v2beta/stable-image/generate/ultra');
    await run(task({ count: 1, engineModel: 'sd3.5-large-turbo' }));
    expect(fake.received[1]!.path).toBe('/v2beta/stable-image/generate/sd3');
    expect(fake.received[1]!.fields).toMatchObject({ model: 'sd3.5-large-turbo', mode: 'text-to-image' });
    expect(fake.received[1]!.fields.negative_prompt).toBeUndefined();
    await run(task({ count: 1 }), { model: 'sd3' });
    expect(fake.received[2]!.fields).toMatchObject({ mode: 'text-to-image', negative_prompt: 'people, text' });
  });

  it('never sends seed 0 (random there), and records the seed each image was made with', () => {
    expect(apiSeed(41, 1)).toBe(42);
    expect(apiSeed(MAX_API_SEED, 0)).toBe(MAX_API_SEED);
    expect(apiSeed(MAX_API_SEED, 1)).toBe(MAX_API_SEED); // wraps to 0: sent as the largest
    expect(apiSeed(MAX_API_SEED, 2)).toBe(1);
    // The recorded seed, used again for one image, sends the very same seed.
    for (const [seed, index] of [
      [41, 3],
      [MAX_API_SEED, 1],
      [MAX_API_SEED, 2],
      [4_294_967_295, 0],
    ] as const) {
      const recorded = resultSeed('stability', { mode: 'text', seed }, index)!;
      expect(apiSeed(recorded, 0)).toBe(apiSeed(seed, index));
    }
    expect(resultSeed('stability', { mode: 'upscale', seed: 5 }, 0)).toBeNull();
  });

  it('iterates on line art through control/sketch with the control strength, cropped to the task aspect', async () => {
    const lineArt = await png(600, 600, '#ffffff');
    const { images } = await run(task({ mode: 'iterate', count: 1, images: { base: await png(768, 512), lineArt } }));
    const [req] = fake.received;
    expect(req!.path).toBe('/v2beta/stable-image/control/sketch');
    expect(req!.fields).toMatchObject({ control_strength: '0.6', seed: '41', negative_prompt: 'people, text' });
    expect(req!.files.image!.width / req!.files.image!.height).toBeCloseTo(1.5, 2);
    expect((await sharp(images[0]!).metadata()).width).toBe(768);
  });

  it('iterates on a depth map through control/structure', async () => {
    await run(task({ mode: 'iterate', count: 1, images: { base: await png(768, 512), depth: await png(384, 256) } }));
    expect(fake.received[0]!.path).toBe('/v2beta/stable-image/control/structure');
    expect(fake.received[0]!.fields.control_strength).toBe('0.6');
  });

  it('iterates on the base alone: structure on core (imageWeight), image-to-image on sd3 (strength 1 − imageWeight)', async () => {
    const base = await png(768, 512);
    await run(task({ mode: 'iterate', count: 1, images: { base } }));
    expect(fake.received[0]!.path).toBe('/v2beta/stable-image/control/structure');
    expect(fake.received[0]!.fields.control_strength).toBe('0.7');
    await run(task({ mode: 'iterate', count: 1, images: { base } }), { model: 'sd3' });
    expect(fake.received[1]!.path).toBe('/v2beta/stable-image/generate/sd3');
    expect(fake.received[1]!.fields).toMatchObject({ mode: 'image-to-image', strength: '0.3' });
    expect(fake.received[1]!.fields.aspect_ratio).toBeUndefined();
    await run(task({ mode: 'iterate', count: 1, images: { base }, engineModel: 'ultra' }));
    expect(fake.received[2]!.path).toBe('/v2beta/stable-image/generate/ultra');
    expect(fake.received[2]!.fields.strength).toBe('0.3');
  });

  it('edits through inpaint with the base and a black-and-white mask, white where the picture changes', async () => {
    const base = await png(400, 200);
    const mask = await leftQuarterMask(400, 200);
    const { images } = await run(task({ mode: 'edit', count: 1, width: 400, height: 200, images: { base, mask } }));
    const [req] = fake.received;
    expect(req!.path).toBe('/v2beta/stable-image/edit/inpaint');
    expect(req!.fields).toMatchObject({ prompt: task().prompt, seed: '41', output_format: 'png' });
    expect([req!.files.image!.width, req!.files.image!.height]).toEqual([400, 200]);
    const sent = req!.files.mask!.bytes;
    const meta = await sharp(sent).metadata();
    expect([meta.width, meta.height, meta.channels, meta.hasAlpha]).toEqual([400, 200, 1, false]);
    const data = await sharp(sent).toColourspace('b-w').raw().toBuffer();
    expect(data[100 * 400 + 10]).toBe(255); // white in ours: inpaint at full strength
    expect(data[100 * 400 + 300]).toBe(0); // black: keep
    expect((await sharp(images[0]!).metadata()).width).toBe(400);
  });

  it('upscales with upscale/conservative (prompt required) while its ~4 MP answer covers the target', async () => {
    const small = await png(640, 480);
    const { images } = await run(
      task({ mode: 'upscale', upscale: 2, count: 1, width: 1280, height: 960, prompt: '', images: { base: small } }),
    );
    const [req] = fake.received;
    expect(req!.path).toBe('/v2beta/stable-image/upscale/conservative');
    expect(req!.fields).toMatchObject({ prompt: 'a detailed interior design photograph', output_format: 'png' });
    expect([req!.files.image!.width, req!.files.image!.height]).toEqual([640, 480]);
    const meta = await sharp(images[0]!).metadata();
    expect([meta.width, meta.height]).toEqual([1280, 960]);

    await run(
      task({ mode: 'upscale', upscale: 4, count: 1, width: 1024, height: 768, images: { base: await png(256, 192) } }),
    );
    expect(fake.received[1]!.path).toBe('/v2beta/stable-image/upscale/conservative');
  });

  it('upscales beyond that with upscale/fast (×4 of at most 1 MP) and returns the exact target size', async () => {
    const { images } = await run(
      task({ mode: 'upscale', upscale: 4, count: 1, width: 3200, height: 2400, images: { base: await png(800, 600) } }),
    );
    const [req] = fake.received;
    expect(req!.path).toBe('/v2beta/stable-image/upscale/fast');
    expect(req!.fields).toEqual({ output_format: 'png' });
    expect([req!.files.image!.width, req!.files.image!.height]).toEqual([800, 600]);
    expect(await sharp(images[0]!).metadata()).toMatchObject({ width: 3200, height: 2400 });

    // ×2 of a source over 1 MP: shrunk to fit fast's input, then ×4 covers the target.
    const { images: big } = await run(
      task({
        mode: 'upscale',
        upscale: 2,
        count: 1,
        width: 3200,
        height: 2400,
        images: { base: await png(1600, 1200) },
      }),
    );
    const sent = fake.received[1]!;
    expect(sent.path).toBe('/v2beta/stable-image/upscale/fast');
    expect(sent.files.image!.width * sent.files.image!.height).toBeLessThanOrEqual(1_048_576);
    expect(await sharp(big[0]!).metadata()).toMatchObject({ width: 3200, height: 2400 });
  });
});

describe('stability engine: how it fails', () => {
  it('ends as refused on a 403 content_moderation of every image, without the provider text', async () => {
    const flagged = { status: 403, name: 'content_moderation', errors: ['secret prompt text was flagged'] };
    fake.script.push(flagged, flagged);
    const error = await failure(run(task()));
    expect(error).toMatchObject({ kind: 'refused' });
    expect(error!.message).not.toContain('secret prompt text');
    expect(fake.received).toHaveLength(2);
  });

  it('ends as refused when a 200 says CONTENT_FILTERED for every image', async () => {
    fake.script.push({ filtered: true }, { filtered: true });
    expect(await failure(run(task()))).toMatchObject({ kind: 'refused' });
  });

  it('returns the three images made when one of four is moderated, requesting each image once', async () => {
    logged.length = 0;
    fake.script.push({ pass: true }, { status: 403, name: 'content_moderation' });
    const { images, events } = await run(task({ count: 4 }));
    expect(images).toHaveLength(3);
    expect(fake.received.map((r) => r.fields.seed)).toEqual(['41', '42', '43', '44']);
    expect(events.at(-1)).toEqual({ type: 'progress', percent: 100 });
    expect(logged.some((l) => l.msg === 'Stability made fewer images than asked')).toBe(true);
  });

  it('returns the images made around one filtered or refused (4xx) image', async () => {
    fake.script.push({ filtered: true }, { pass: true }, { status: 400, name: 'bad_request' });
    const { images } = await run(task({ count: 4 }));
    expect(images).toHaveLength(2);
    expect(fake.received).toHaveLength(4);
  });

  it('ends as invalid on a documented 400 (the fake checks every field) and on 413', async () => {
    const error = await failure(run(task({ count: 1, prompt: '' })));
    expect(error).toMatchObject({ kind: 'invalid' });
    expect(error!.message).toContain('HTTP 400, bad_request');
    fake.script.push({ status: 413, name: 'payload_too_large' });
    expect(await failure(run(task({ count: 1 })))).toMatchObject({ kind: 'invalid' });
  });

  it('ends as invalid on a rejected key, and says so in the log', async () => {
    logged.length = 0;
    const error = await failure(run(task({ count: 1 }), { apiKey: 'sk-wrong' }));
    expect(error).toMatchObject({ kind: 'invalid' });
    expect(error!.message).toContain('API key rejected');
    expect(logged.some((l) => l.level === 'error' && l.msg.includes('STABILITY_API_KEY'))).toBe(true);
  });

  it('waits out a 429 (Retry-After, else a backoff) and then succeeds', async () => {
    fake.script.push({ status: 429, name: 'rate_limit_exceeded', headers: { 'retry-after': '1' } });
    fake.script.push({ status: 429, name: 'rate_limit_exceeded' });
    const { images } = await run(task({ count: 1 }));
    expect(images).toHaveLength(1);
    expect(fake.received).toHaveLength(3);
  });

  it('gives up at once when the rate limit lasts past the deadline', async () => {
    fake.script.push({ status: 429, name: 'rate_limit_exceeded', headers: { 'retry-after': '3600' } });
    expect(await failure(run(task({ count: 1 }), { timeoutMs: 60_000 }))).toMatchObject({ kind: 'unavailable' });
    expect(fake.received).toHaveLength(1);
  });

  it('tries a 5xx or a dropped connection again, then succeeds', async () => {
    fake.script.push({ status: 500, name: 'internal_error' }, { reset: true }, { status: 503, name: 'unavailable' });
    const { images } = await run(task({ count: 1 }));
    expect(images).toHaveLength(1);
    expect(fake.received).toHaveLength(4);
  });

  it('ends as unavailable after a bounded number of 5xx when nothing was made', async () => {
    for (let i = 0; i < 10; i++) fake.script.push({ status: 500, name: 'internal_error' });
    expect(await failure(run(task({ count: 1 }), { retries: 2 }))).toMatchObject({ kind: 'unavailable' });
    expect(fake.received).toHaveLength(3);
  });

  it('returns the images made when the API fails past its retries after them, asking for none of them again', async () => {
    const e = createStabilityEngine({ apiKey: fake.key, baseURL: fake.url, backoffMs: 10, retries: 1 });
    const events: EngineEvent[] = [];
    const running = e.run(task({ count: 3 }), { signal: new AbortController().signal, onEvent: (x) => events.push(x) });
    await fake.requests(1);
    fake.script.push({ status: 502, name: 'bad_gateway' }, { status: 502, name: 'bad_gateway' });
    const { images } = await running;
    expect(images).toHaveLength(1);
    // Image 2 was tried twice (a retry of a 5xx), image 3 not at all: the API was down.
    expect(fake.received.map((r) => r.fields.seed)).toEqual(['41', '42', '42']);
  });

  it('stops at a fault of the account (a rejected key) instead of trying the other images', async () => {
    fake.script.push({ pass: true }, { status: 401, name: 'unauthorized' });
    const { images } = await run(task({ count: 4 }));
    expect(images).toHaveLength(1);
    expect(fake.received).toHaveLength(2);
  });

  it('bounds a request that hangs with the socket open by the deadline', async () => {
    fake.script.push({ hang: true });
    expect(await failure(run(task({ count: 1 }), { timeoutMs: 800 }))).toMatchObject({ kind: 'stalled' });
  });

  it('cancels the request in flight and ends as interrupted', async () => {
    fake.script.push({ hang: true });
    const controller = new AbortController();
    const e = engine();
    expect(e.canCancelRunning).toBe(true);
    const running = failure(e.run(task(), { signal: controller.signal, onEvent: () => {} }));
    await fake.requests(1);
    controller.abort('cancel');
    expect(await running).toMatchObject({ kind: 'interrupted' });
    expect(fake.received).toHaveLength(1);
  });

  it('says unavailable, without a request, when it has no key', async () => {
    expect(await failure(run(task(), { apiKey: '' }))).toMatchObject({ kind: 'unavailable' });
    expect(fake.received).toHaveLength(0);
  });
});

describe('stability engine: health', () => {
  it('reports the key, the model and the credits left, spending none', async () => {
    expect(await engine({ apiKey: '' }).health()).toMatchObject({ ok: false });
    fake.state.balance = 42.5;
    expect(await engine({ model: 'ultra' }).health()).toEqual({ ok: true, detail: 'model ultra, 42.5 credits left' });
    expect(fake.received).toHaveLength(0);
    expect(await engine({ apiKey: 'sk-wrong' }).health()).toMatchObject({ ok: false });
  });
});
