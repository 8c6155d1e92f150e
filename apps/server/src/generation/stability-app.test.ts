import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '@turing/contract';
import {
  balanceOf,
  buildGenerationApp,
  finished,
  getTask,
  photo,
  submit,
  until,
  uploadImage,
} from '../../test-support/design-helpers.ts';
import { startFakeStability, type FakeStability } from '../../test-support/stability/fake-stability-server.ts';
import { registerUser } from '../../test-support/test-app.ts';

type App = Awaited<ReturnType<typeof buildGenerationApp>>;

let fake: FakeStability;
let t: App;

beforeAll(async () => {
  fake = await startFakeStability();
  t = await buildGenerationApp({
    GENERATION_ENGINE: 'stability',
    STABILITY_API_KEY: fake.key,
    STABILITY_BASE_URL: fake.url,
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
afterEach(() => {
  fake.script.length = 0;
});

describe('generating with Stability AI', () => {
  it('sends the user’s negative prompt with their word packages’ negatives', async () => {
    const { cookie } = await registerUser(t);
    const pkg = await t.app.inject({
      method: 'POST',
      url: '/turing/design/wordPackage/create',
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie },
      payload: { name: 'Clean', positive: 'crisp daylight', negative: 'blurry, watermark' },
    });
    const before = fake.received.length;
    const submitted = (
      await submit(t, cookie, {
        mode: 'text',
        prompt: 'a timber pavilion',
        negativePrompt: 'people',
        wordPackageIds: [pkg.json().data.id as string],
      })
    ).json().data as Task;
    await until(() => getTask(t, cookie, submitted.id), finished);
    const sent = fake.received.slice(before)[0]!;
    expect(sent.fields.prompt).toContain('crisp daylight');
    expect(sent.fields.negative_prompt).toBe('people, blurry, watermark');
  });

  it('completes a submitted task: one request per image, the images stored at our size, each with its seed', async () => {
    const { cookie } = await registerUser(t);
    const before = fake.received.length;
    const submitted = (
      await submit(t, cookie, { mode: 'text', prompt: 'a timber pavilion', size: '16:9', count: 2, seed: 7 })
    ).json().data as Task;
    const done = await until(() => getTask(t, cookie, submitted.id), finished);
    expect(done).toMatchObject({ state: 'complete', cost: { refunded: false } });
    expect(done.results.map((r) => r.seed)).toEqual([7, 8]);
    const sent = fake.received.slice(before);
    expect(sent.map((r) => [r.path, r.fields.seed, r.fields.aspect_ratio])).toEqual([
      ['/v2beta/stable-image/generate/core', '7', '16:9'],
      ['/v2beta/stable-image/generate/core', '8', '16:9'],
    ]);
    expect(sent[0]!.fields.prompt).toContain('a timber pavilion');
    for (const result of done.results) {
      const file = await t.app.inject({ method: 'GET', url: result.url });
      expect(file.statusCode).toBe(200);
      const meta = await sharp(file.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([result.width, result.height]);
      expect(result.width / result.height).toBeCloseTo(16 / 9, 1);
    }
  });

  it('makes a 4:3 task at Stability’s nearest ratio (5:4) and crops it to exactly 4:3 at the quality’s size', async () => {
    const { cookie } = await registerUser(t);
    const before = fake.received.length;
    const res = await submit(t, cookie, { mode: 'text', prompt: 'a brick library', size: '4:3', quality: 'HD' });
    expect(res.statusCode).toBe(200);
    const done = await until(() => getTask(t, cookie, (res.json().data as Task).id), finished);
    expect(done.state).toBe('complete');
    expect(fake.received.slice(before).map((r) => r.fields.aspect_ratio)).toEqual(['5:4']);
    const result = done.results[0]!;
    expect([result.width, result.height]).toEqual([1280, 960]);
    const file = await t.app.inject({ method: 'GET', url: result.url });
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1280, 960]);
    // And 3:4 the other way round, at 4:5.
    const tall = await submit(t, cookie, { mode: 'text', prompt: 'a brick library', size: '3:4' });
    const tallDone = await until(() => getTask(t, cookie, (tall.json().data as Task).id), finished);
    expect(fake.received.at(-1)!.fields.aspect_ratio).toBe('4:5');
    expect(tallDone.results[0]).toMatchObject({ width: 576, height: 768 });
  });

  it('completes with the three images made when one of four is moderated, each requested once', async () => {
    const { cookie } = await registerUser(t);
    const before = fake.received.length;
    fake.script.push({ pass: true }, { status: 403, name: 'content_moderation', errors: ['flagged'] });
    const res = await submit(t, cookie, { mode: 'text', prompt: 'a timber pavilion', count: 4, seed: 11 });
    const done = await until(() => getTask(t, cookie, (res.json().data as Task).id), finished);
    expect(done.state).toBe('complete');
    expect(done.results).toHaveLength(3);
    expect(fake.received.slice(before).map((r) => r.fields.seed)).toEqual(['11', '12', '13', '14']);
  });

  it('edits through inpaint and keeps every pixel outside the mask as it was', async () => {
    const { cookie } = await registerUser(t);
    const original = await photo(320, 240);
    const base = await uploadImage(t, cookie, original, 'base');
    const maskRaw = Buffer.alloc(320 * 240);
    for (let y = 60; y < 180; y += 1) for (let x = 80; x < 240; x += 1) maskRaw[y * 320 + x] = 255;
    const maskPng = await sharp(maskRaw, { raw: { width: 320, height: 240, channels: 1 } })
      .png()
      .toBuffer();
    const mask = await uploadImage(t, cookie, maskPng, 'mask');
    const before = fake.received.length;
    const submitted = (
      await submit(t, cookie, { mode: 'edit', baseImageId: base.id, maskImageId: mask.id, prompt: 'a glass facade' })
    ).json().data as Task;
    const done = await until(() => getTask(t, cookie, submitted.id), finished);
    expect(done.state).toBe('complete');
    expect(fake.received.slice(before).map((r) => r.path)).toEqual(['/v2beta/stable-image/edit/inpaint']);
    const result = await t.app.inject({ method: 'GET', url: done.results[0]!.url });
    const got = await sharp(result.rawPayload).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const want = await sharp(original).removeAlpha().raw().toBuffer();
    expect(got.info).toMatchObject({ width: 320, height: 240 });
    let keptOutside = true;
    let changedInside = 0;
    for (let p = 0; p < 320 * 240; p += 1) {
      const same = [0, 1, 2].every((c) => got.data[p * 3 + c] === want[p * 3 + c]);
      if (maskRaw[p] === 0) keptOutside &&= same;
      else if (!same) changedInside += 1;
    }
    expect(keptOutside).toBe(true);
    expect(changedInside).toBeGreaterThan(0);
  });

  it('ends a task the provider moderates as lost, refunded in full', async () => {
    const { cookie } = await registerUser(t);
    const start = (await balanceOf(t, cookie)).cubes;
    fake.script.push({ status: 403, name: 'content_moderation', errors: ['Your request was flagged'] });
    const submitted = (await submit(t, cookie, { mode: 'text', prompt: 'a flagged prompt', count: 1 })).json()
      .data as Task;
    const done = await until(() => getTask(t, cookie, submitted.id), finished);
    expect(done).toMatchObject({ state: 'lost', cost: { refunded: true } });
    expect(done.results).toHaveLength(0);
    expect((await balanceOf(t, cookie)).cubes).toBe(start);
  });
});
