import { createHmac } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BFL_WEBHOOK_PATH } from '@turing/contract';
import { buildTestApp, registerUser, type TestApp } from '../../../../test-support/test-app.ts';
import {
  balanceOf,
  buildGenerationApp,
  finished,
  photo,
  submit,
  until,
  uploadImage,
} from '../../../../test-support/design-helpers.ts';
import { FakeDashScope, FLAGGED } from '../../../../test-support/providers/fake-dashscope.ts';
import { BFL_WEBHOOK_LIMIT, ENGINE_WAKE_CHANNEL } from '../../../modules/system/index.ts';

const read = (t: TestApp, cookie: string, id: string) =>
  t.app
    .inject({ method: 'GET', url: `/turing/design/task/get?id=${id}`, headers: { cookie, 'accept-language': 'zh' } })
    .then((r) => r.json().data);

describe('a hosted engine through the API (Wan on a fake DashScope)', () => {
  let fake: FakeDashScope;
  let t: Awaited<ReturnType<typeof buildGenerationApp>>;
  beforeAll(async () => {
    fake = await FakeDashScope.start();
    t = await buildGenerationApp({
      GENERATION_ENGINE: 'wan',
      DASHSCOPE_API_KEY: fake.key,
      DASHSCOPE_BASE_URL: fake.url,
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('sends a Chinese prompt as typed and stores the images', async () => {
    const { cookie } = await registerUser(t);
    const task = (await submit(t, cookie, { mode: 'text', prompt: '山间的玻璃茶室', count: 2 })).json().data;
    const done = await until(() => read(t, cookie, task.id), finished);
    expect(done).toMatchObject({ state: 'complete', translation: 'not_needed' });
    expect(done.results).toHaveLength(2);
    expect((fake.submissions().at(-1)!.json as { input: { prompt: string } }).input.prompt).toMatch(/^山间的玻璃茶室/);
  });

  describe('with jobs that end at their first poll', () => {
    // These are about how a job ends: the engine's first poll finds it ended (the task above went
    // through pending and running at DashScope's pace, a second of polling each).
    beforeAll(() => {
      fake.pendingPolls = 0;
      fake.runningPolls = 0;
    });

    it('ends a task the provider refused with its own message and the refund', async () => {
      const { cookie } = await registerUser(t);
      const before = (await balanceOf(t, cookie)).cubes;
      const task = (await submit(t, cookie, { mode: 'text', prompt: `a ${FLAGGED}` })).json().data;
      const done = await until(() => read(t, cookie, task.id), finished);
      expect(done).toMatchObject({ state: 'lost', cost: { refunded: true }, error: { code: 'TASK_MODERATED' } });
      expect(done.error.msg).toBe('图像服务商拒绝了该提示词或图片，魔方已退还，请修改提示词或图片');
      expect((await balanceOf(t, cookie)).cubes).toBe(before);
    });

    it.each([
      [2, 1],
      [4, 3],
    ])('asked for %i images of which DashScope made %i: completes with those, sending one job', async (asked, made) => {
      const { cookie } = await registerUser(t);
      const sent = fake.submissions().length;
      fake.outcomes.push({ status: 'SUCCEEDED', failed: asked - made });
      const body = { mode: 'text', prompt: 'a tea house in the hills', count: asked };
      const task = (await submit(t, cookie, body)).json().data;
      const done = await until(() => read(t, cookie, task.id), finished);
      expect(done).toMatchObject({ state: 'complete', shortfall: { asked, delivered: made } });
      expect(done.results).toHaveLength(made);
      expect(fake.submissions().length - sent).toBe(1);
    });

    it('ends a job DashScope FAILED with InvalidParameter after that one job, refunded', async () => {
      const { cookie } = await registerUser(t);
      const before = (await balanceOf(t, cookie)).cubes;
      const sent = fake.submissions().length;
      fake.outcomes.push({
        status: 'FAILED',
        code: 'InvalidParameter',
        message: 'The size of input image is invalid.',
      });
      const task = (await submit(t, cookie, { mode: 'text', prompt: 'a tea house in the hills' })).json().data;
      const done = await until(() => read(t, cookie, task.id), finished);
      expect(done).toMatchObject({ state: 'lost', cost: { refunded: true }, error: { code: 'TASK_INPUT_REJECTED' } });
      // Said as it happened, in the reader's language (the task was read in Chinese).
      expect(done.error.msg).toMatch(/^图像服务商无法使用该任务的图片或设置/);
      expect(fake.submissions().length - sent).toBe(1);
      expect((await balanceOf(t, cookie)).cubes).toBe(before);
    });

    it('ends a job DashScope FAILED for the account (Arrearage) after that one job, saying so', async () => {
      const { cookie } = await registerUser(t);
      const sent = fake.submissions().length;
      fake.outcomes.push({
        status: 'FAILED',
        code: 'Arrearage',
        message: 'Access denied, please make sure your account is in good standing.',
      });
      const task = (await submit(t, cookie, { mode: 'text', prompt: 'a tea house in the hills' })).json().data;
      const done = await until(() => read(t, cookie, task.id), finished);
      expect(done).toMatchObject({ state: 'lost', cost: { refunded: true }, error: { code: 'TASK_PROVIDER_ACCOUNT' } });
      expect(fake.submissions().length - sent).toBe(1);
    });

    it('tries a job DashScope FAILED with InternalError.Timeout again', async () => {
      const { cookie } = await registerUser(t);
      const sent = fake.submissions().length;
      fake.outcomes.push({ status: 'FAILED', code: 'InternalError.Timeout', message: 'An internal timeout error.' });
      const task = (await submit(t, cookie, { mode: 'text', prompt: 'a tea house in the hills' })).json().data;
      const done = await until(() => read(t, cookie, task.id), finished);
      expect(done).toMatchObject({ state: 'complete', cost: { refunded: false } });
      expect(done.results).toHaveLength(1);
      expect(fake.submissions().length - sent).toBe(2);
    });

    it('edits a 16:9 upload at SD: the base and mask DashScope receives are 512–4096 px a side', async () => {
      const { cookie } = await registerUser(t);
      const base = await uploadImage(t, cookie, await photo(1600, 900), 'base');
      const maskRaw = Buffer.alloc(1600 * 900);
      for (let y = 300; y < 600; y += 1) for (let x = 500; x < 1100; x += 1) maskRaw[y * 1600 + x] = 255;
      const maskPng = await sharp(maskRaw, { raw: { width: 1600, height: 900, channels: 1 } })
        .png()
        .toBuffer();
      const mask = await uploadImage(t, cookie, maskPng, 'mask');
      const sent = fake.submissions().length;
      const task = (
        await submit(t, cookie, {
          mode: 'edit',
          quality: 'SD',
          baseImageId: base.id,
          maskImageId: mask.id,
          prompt: 'a glass facade',
        })
      ).json().data;
      const done = await until(() => read(t, cookie, task.id), finished);
      expect(done.state).toBe('complete');
      expect(fake.submissions().length - sent).toBe(1);
      const job = [...fake.tasks.values()].at(-1)!;
      for (const image of [job.inputs.base!, job.inputs.mask!]) {
        expect(image.via).toBe('data');
        expect(Math.min(image.width, image.height)).toBeGreaterThanOrEqual(512);
        expect(Math.max(image.width, image.height)).toBeLessThanOrEqual(4096);
      }
      expect(job.inputs.base!.width / job.inputs.base!.height).toBeCloseTo(16 / 9, 2);
    });
  });
});

describe("FLUX's webhook", () => {
  const secret = 'whsec-api-test';
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ BFL_WEBHOOK_SECRET: secret, PUBLIC_URL: 'https://studio.example.com' });
  });
  afterAll(() => t.close());

  const post = (body: string, signature?: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: `/turing${BFL_WEBHOOK_PATH}`,
      headers: { 'content-type': 'application/json', ...(signature ? { 'x-bfl-signature': signature } : {}) },
      payload: body,
      remoteAddress,
    });
  const sign = (body: string, key = secret) => `sha256=${createHmac('sha256', key).update(body).digest('hex')}`;

  it('wakes the poll waiting for a job when the signature is good, and ignores a bad one', async () => {
    const heard: string[] = [];
    const stop = await t.app.services!.database.listen(ENGINE_WAKE_CHANNEL, (key) => heard.push(key));
    try {
      const body = JSON.stringify({ id: 'job-1', status: 'Ready', result: { sample: 'https://example.com/x.png' } });
      expect((await post(body, sign(body, 'not-the-secret'))).statusCode).toBe(400);
      expect((await post(body)).statusCode).toBe(400);
      expect((await post(body.replace('job-1', 'job-2'), sign(body))).statusCode).toBe(400);
      expect((await post(body, sign(body))).statusCode).toBe(200);
      await until(
        async () => heard,
        (h) => h.length > 0,
      );
      expect(heard).toEqual(['flux:job-1']);
    } finally {
      await stop();
    }
  });

  it('refuses a signed id that no text may hold, and wakes nothing for it', async () => {
    const heard: string[] = [];
    const stop = await t.app.services!.database.listen(ENGINE_WAKE_CHANNEL, (key) => heard.push(key));
    try {
      for (const id of ['job\u0000nul', 'job-\ud800', '', 'x'.repeat(201)]) {
        const body = JSON.stringify({ id, status: 'Ready' });
        const res = await post(body, sign(body), '192.0.2.10');
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toMatch(/^(TEXT_INVALID_CHAR|TEXT_TOO_LONG|VALIDATION)$/);
      }
      const nul = JSON.stringify({ id: 'job\u0000nul' });
      expect((await post(nul, sign(nul), '192.0.2.10')).json()).toMatchObject({
        code: 'TEXT_INVALID_CHAR',
        details: [{ field: 'id', code: 'TEXT_INVALID_CHAR' }],
      });
      const numeric = JSON.stringify({ id: 42 });
      expect((await post(numeric, sign(numeric), '192.0.2.10')).json().code).toBe('VALIDATION');
      // A good callback after them is the only one heard.
      const good = JSON.stringify({ id: 'job-3', status: 'Ready' });
      expect((await post(good, sign(good), '192.0.2.10')).statusCode).toBe(200);
      await until(
        async () => heard,
        (h) => h.length > 0,
      );
      expect(heard).toEqual(['flux:job-3']);
    } finally {
      await stop();
    }
  });

  it('limits the calls one address may make, signed or not', async () => {
    const forged = JSON.stringify({ id: 'job-4' });
    const statuses: number[] = [];
    for (let i = 0; i < BFL_WEBHOOK_LIMIT.max; i += 1)
      statuses.push((await post(forged, undefined, '198.51.100.7')).statusCode);
    expect(new Set(statuses)).toEqual(new Set([400]));
    const over = await post(forged, sign(forged), '198.51.100.7');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back by it.
    expect((await post(forged, sign(forged), '198.51.100.8')).statusCode).toBe(200);
  });

  it('is not there without a secret', async () => {
    const plain = await buildTestApp();
    try {
      const res = await plain.app.inject({ method: 'POST', url: `/turing${BFL_WEBHOOK_PATH}`, payload: '{}' });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
