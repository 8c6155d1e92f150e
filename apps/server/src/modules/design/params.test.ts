import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

let t: Awaited<ReturnType<typeof buildGenerationApp>>;
beforeAll(async () => {
  t = await buildGenerationApp();
});
afterAll(() => t.close());

type Result = { id: string; url: string; width: number; height: number; seed: number | null };
const done = async (cookie: string, body: object) => {
  const res = await submit(t, cookie, body);
  expect(res.json().status).toBe(200);
  const task = await until(() => getTask(t, cookie, res.json().data.id), finished);
  expect(task.state).toBe('complete');
  return task as { params: Record<string, unknown>; results: Result[] };
};
const bytesOf = async (url: string) => (await t.app.inject({ method: 'GET', url })).rawPayload;

describe('keeping the view of the base image', () => {
  it('gives a 3:2 sketch 3:2 results at the quality’s long edge when no size is given', async () => {
    const { cookie } = await registerUser(t);
    const sketch = await uploadImage(t, cookie, await photo(600, 400), 'base');
    const task = await done(cookie, { mode: 'iterate', baseImageId: sketch.id, prompt: 'render', quality: 'SD' });
    expect(task.params.size).toBeUndefined();
    expect(task.results[0]).toMatchObject({ width: 768, height: 512 });

    const hd = await done(cookie, { mode: 'iterate', baseImageId: sketch.id, prompt: 'render', quality: 'HD' });
    expect(hd.results[0]).toMatchObject({ width: 1280, height: 856 });
  });

  it('keeps a portrait base upright, crops to a chosen preset, and leaves text at 4:3', async () => {
    const { cookie } = await registerUser(t);
    const portrait = await uploadImage(t, cookie, await photo(300, 500), 'base');
    const kept = await done(cookie, { mode: 'iterate', baseImageId: portrait.id, prompt: 'tower' });
    expect(kept.results[0]).toMatchObject({ width: 464, height: 768 });

    const cropped = await done(cookie, { mode: 'iterate', baseImageId: portrait.id, prompt: 'tower', size: '16:9' });
    expect(cropped.params.size).toBe('16:9');
    expect(cropped.results[0]).toMatchObject({ width: 768, height: 432 });

    const text = await done(cookie, { mode: 'text', prompt: 'tower' });
    expect(text.params.size).toBe('4:3');
    expect(text.results[0]).toMatchObject({ width: 768, height: 576 });
  });
});

describe('seeds', () => {
  it('records a seed on every result (seed + index on the preview engine) and picks one when none is given', async () => {
    const { cookie } = await registerUser(t);
    const task = await done(cookie, { mode: 'text', prompt: 'a brick library', count: 3 });
    const seed = task.params.seed as number;
    expect(Number.isInteger(seed)).toBe(true);
    expect(task.results.map((r) => r.seed)).toEqual([seed, seed + 1, seed + 2]);

    // The second image is made again, alone, from its own seed.
    const again = await done(cookie, { mode: 'text', prompt: 'a brick library', seed: seed + 1 });
    expect(again.results[0]!.seed).toBe(seed + 1);
    expect(await bytesOf(again.results[0]!.url)).toEqual(await bytesOf(task.results[1]!.url));
  });

  it('gives the same image twice for a kept seed, and another image for another seed', async () => {
    const { cookie } = await registerUser(t);
    const body = { mode: 'text', prompt: 'a concrete chapel', seed: 4242 };
    const [a, b, c] = [await done(cookie, body), await done(cookie, body), await done(cookie, { ...body, seed: 4243 })];
    expect(a.results[0]!.seed).toBe(4242);
    expect(await bytesOf(a.results[0]!.url)).toEqual(await bytesOf(b.results[0]!.url));
    expect(await bytesOf(a.results[0]!.url)).not.toEqual(await bytesOf(c.results[0]!.url));
  });

  it('shows the image’s own seed in the workspace', async () => {
    const { cookie } = await registerUser(t);
    const task = await done(cookie, { mode: 'text', prompt: 'a glass atrium', count: 2, seed: 77 });
    const folders = (
      await t.app.inject({ method: 'GET', url: '/turing/workspace/folder/list?limit=100', headers: { cookie } })
    ).json().data.items as { id: string; isDefault?: boolean }[];
    const seeds = new Map<string, number | null>();
    for (const f of folders) {
      const page = await t.app.inject({
        method: 'GET',
        url: `/turing/workspace/image/list?folderId=${f.id}`,
        headers: { cookie },
      });
      for (const item of (page.json().data?.items ?? []) as { imageId: string; seed: number | null }[])
        seeds.set(item.imageId, item.seed);
    }
    expect(task.results.map((r) => seeds.get(r.id))).toEqual([77, 78]);
  });
});

describe('variations', () => {
  it('makes up to 8 images in one task and refuses 9', async () => {
    const { cookie } = await registerUser(t);
    const task = await done(cookie, { mode: 'text', prompt: 'eight towers', count: 8, seed: 10 });
    expect(task.results).toHaveLength(8);
    expect(task.results.at(-1)!.seed).toBe(17);
    expect((await submit(t, cookie, { mode: 'text', prompt: 'x', count: 9 })).json().code).toBe('VALIDATION');
  });
});

describe('out of cubes', () => {
  it('names what the task needs, what is left and the largest variant that fits, in both languages', async () => {
    const { cookie } = await registerUser(t);
    // 20 welcome cubes: 16 spent leaves 4.
    expect((await submit(t, cookie, { mode: 'text', prompt: 'a', quality: 'FHD', count: 4 })).json().status).toBe(200);
    const res = await submit(t, cookie, { mode: 'text', prompt: 'b', quality: 'FHD', count: 3 });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      msg: 'Not enough cubes: this task needs 12 and you have 4; buy cubes or a time plan',
      details: { need: 12, have: 4, fits: { count: 1, quality: 'FHD', cubes: 4 } },
    });
    const zh = await submit(t, cookie, { mode: 'text', prompt: 'b', quality: 'FHD', count: 3 }, 'zh');
    expect(zh.json().msg).toBe('魔方不足：该任务需要 12 个，您还有 4 个；请购买魔方或时长套餐');

    const cost = await t.app.inject({
      method: 'POST',
      url: '/turing/design/cost',
      headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
      payload: { mode: 'text', prompt: 'b', quality: 'HD', count: 8 },
    });
    expect(cost.json().data).toMatchObject({ cubes: 16, balance: 4, enough: false, fits: { count: 2, quality: 'HD' } });
  });
});
