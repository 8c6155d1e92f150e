import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewMarkOverlay } from '../../generation/engines/preview/preview-mark.ts';
import { registerUser } from '../../../test-support/test-app.ts';
import {
  buildGenerationApp,
  finished,
  getTask,
  photo,
  submit,
  until,
  uploadImage,
} from '../../../test-support/design-helpers.ts';

// The real upscaler (ESRGAN on the CPU); `architecture-beta` runs on OpenAI, which has no upscale.
// Its thread runs at nice 0: at the default 10 it gets a tenth of a core while the test run keeps
// both cores busy, and an upscale of seconds outlasts the test's deadline.
let t: Awaited<ReturnType<typeof buildGenerationApp>>;
beforeAll(async () => {
  t = await buildGenerationApp({
    UPSCALER_MODEL: 'slim',
    UPSCALER_NICE: '0',
    MODEL_ENGINES: 'architecture-beta:openai',
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
  });
});
afterAll(() => t.close());

const info = (cookie: string) => t.app.inject({ method: 'GET', url: '/turing/user/info', headers: { cookie } });

describe('the built-in neural upscaler', () => {
  it('works in its own thread: requests are answered while an upscale runs', async () => {
    const { cookie } = await registerUser(t);
    const base = await uploadImage(t, cookie, await photo(384, 256), 'base');
    const task = (await submit(t, cookie, { mode: 'upscale', baseImageId: base.id, upscale: 2 })).json().data;
    // Six tiles: once the first is reported, the network is busy with the rest.
    const busy = await until(
      () => getTask(t, cookie, task.id),
      (x) => finished(x) || (x.state === 'generating' && x.progress > 0),
      60_000,
    );
    expect(busy.state).toBe('generating');
    expect((await info(cookie)).statusCode).toBe(200);
    const still = await getTask(t, cookie, task.id);
    expect(still.state).toBe('generating');
    expect(still.progress).toBeLessThan(100);
    const done = await until(() => getTask(t, cookie, task.id), finished, 120_000);
    expect(done.state).toBe('complete');
    expect(done.results[0]).toMatchObject({ width: 768, height: 512 });
  });

  it("runs the upscale of an engine that has none, and leaves an uploaded photo's result unmarked", async () => {
    const { cookie } = await registerUser(t);
    const original = await photo(120, 80);
    const base = await uploadImage(t, cookie, original, 'base');
    const task = (
      await submit(t, cookie, { mode: 'upscale', model: 'architecture-beta', baseImageId: base.id, upscale: 2 })
    ).json().data;
    const done = await until(() => getTask(t, cookie, task.id), finished, 60_000);
    expect(done.state).toBe('complete');
    expect((await t.app.services!.findTask(task.id))!.engine).toBe('preview');
    const result = (await t.app.inject({ method: 'GET', url: done.results[0]!.url })).rawPayload;
    // Where a "Preview" badge would sit, the picture is the photo's own (a plain resize for reference).
    const badge = previewMarkOverlay(240, 160);
    const size = await sharp(badge.input as Buffer).metadata();
    const region = { left: badge.left!, top: badge.top!, width: size.width, height: size.height };
    const mean = async (png: Buffer) => {
      const pixels = await sharp(png).removeAlpha().extract(region).raw().toBuffer();
      return pixels.reduce((s, v) => s + v, 0) / pixels.length;
    };
    const plain = await sharp(original).resize(240, 160, { kernel: 'lanczos3' }).png().toBuffer();
    expect(Math.abs((await mean(result)) - (await mean(plain)))).toBeLessThan(8);
  });
});
