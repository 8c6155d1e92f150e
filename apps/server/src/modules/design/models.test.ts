import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appHeaders, registerUser } from '../../../test-support/test-app.ts';
import {
  balanceOf,
  buildGenerationApp,
  finished,
  getTask,
  photo,
  submit,
  until,
  uploadImage,
} from '../../../test-support/design-helpers.ts';

const id = randomUUID;

// Stability has a key here (its engine is not reached: every refusal comes first); FLUX and Wan have
// none; the product's beta model is routed to OpenAI (a key that is never used) to check its limits.
let t: Awaited<ReturnType<typeof buildGenerationApp>>;
beforeAll(async () => {
  t = await buildGenerationApp({
    STABILITY_API_KEY: 'sk-test-not-used',
    OPENAI_API_KEY: 'sk-test-not-used',
    MODEL_ENGINES: 'architecture-beta:openai',
    MODEL_COSTS: 'flux-pro:SD:3,HD:4,FHD:6;stable-image-ultra:x4:20',
  });
});
afterAll(() => t.close());

interface Listed {
  id: string;
  name: { en: string; zh: string };
  engine: string;
  price: { SD: number; HD: number; FHD: number; upscale: Record<'2' | '4', number> };
  capabilities: { maxCount: number; seed: boolean; aspects: string[] | 'any'; languages: string[] };
  upscaleFactors: number[];
  available: boolean;
  unavailable: string | null;
}

const catalogue = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/turing/design/models' });
  expect(res.statusCode).toBe(200);
  return { items: res.json().data.items as Listed[], cache: res.headers['cache-control'] };
};
const tasksOf = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/turing/design/task/list', headers: { cookie } })).json().data.items;
const cost = async (cookie: string, body: object) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/turing/design/cost',
      headers: { ...appHeaders(), cookie },
      payload: body,
    })
  ).json().data;

describe('the model catalogue', () => {
  it('lists every model, signed in or not, with its engine, price, capabilities and availability here', async () => {
    const { items, cache } = await catalogue();
    expect(cache).toContain('max-age');
    expect(items.map((m) => m.id)).toEqual([
      'architecture',
      'architecture-beta',
      'stable-image-core',
      'stable-image-ultra',
      'flux-pro',
      'wan',
    ]);
    const byId = Object.fromEntries(items.map((m) => [m.id, m]));
    expect(byId.architecture).toMatchObject({
      name: { en: 'Architecture', zh: '建筑' },
      engine: 'preview',
      price: { SD: 1, HD: 2, FHD: 4, upscale: { 2: 2, 4: 4 } },
      capabilities: { maxCount: 8, seed: true, aspects: 'any' },
      upscaleFactors: [2, 4],
      available: true,
      unavailable: null,
    });
    // Routed by the operator: the engine's limits apply, and its upscales run on the built-in upscaler.
    expect(byId['architecture-beta']).toMatchObject({
      engine: 'openai',
      capabilities: { seed: false, aspects: ['1:1', '3:2', '2:3'] },
      upscaleFactors: [2, 4],
      available: true,
    });
    expect(byId['stable-image-core']).toMatchObject({
      engine: 'stability',
      price: { SD: 2, HD: 3, FHD: 5, upscale: { 2: 2, 4: 16 } },
      // 4:3 and 3:4 are made at 5:4 and 4:5 and cropped: every preset the studio offers.
      capabilities: { maxCount: 4, languages: ['en'], aspects: ['1:1', '4:3', '3:4', '16:9', '9:16', '3:2', '2:3'] },
      available: true,
    });
    expect(byId['stable-image-ultra']!.price).toEqual({ SD: 4, HD: 5, FHD: 7, upscale: { 2: 2, 4: 20 } });
    // Not set up: listed with the reason, priced as the operator set it.
    expect(byId['flux-pro']).toMatchObject({
      engine: 'flux',
      price: { SD: 3, HD: 4, FHD: 6 },
      available: false,
      unavailable: 'not_set_up',
    });
    expect(byId.wan).toMatchObject({ engine: 'wan', available: false, capabilities: { languages: ['en', 'zh'] } });
  });
});

describe('the capability check at submit', () => {
  const refusals: [string, object, string, string][] = [
    ['a model not set up here', { mode: 'text', model: 'flux-pro', prompt: 'tower' }, 'MODEL_UNAVAILABLE', '未开通'],
    [
      'more images than the model makes',
      { mode: 'text', model: 'stable-image-core', prompt: 'tower', count: 5 },
      'MODEL_COUNT_TOO_HIGH',
      '最多生成 4 张',
    ],
    [
      'an aspect the model cannot make',
      { mode: 'text', model: 'architecture-beta', prompt: 'tower', size: '4:3' },
      'MODEL_ASPECT_UNSUPPORTED',
      '4:3',
    ],
    [
      'a reference image the model cannot use in that mode',
      { mode: 'edit', model: 'stable-image-core', baseImageId: id(), maskImageId: id(), referenceImageId: id() },
      'MODEL_REFERENCE_UNSUPPORTED',
      '参考图',
    ],
    [
      'a depth image the model cannot follow',
      { mode: 'iterate', model: 'architecture-beta', baseImageId: id(), depthImageId: id() },
      'MODEL_DEPTH_UNSUPPORTED',
      '深度图',
    ],
    [
      'line art the model cannot follow',
      { mode: 'iterate', model: 'architecture-beta', baseImageId: id(), lineArtImageId: id() },
      'MODEL_LINE_ART_UNSUPPORTED',
      '线稿',
    ],
    [
      'a neural render (line art drawn from the base) on a model without line art',
      { mode: 'iterate', model: 'architecture-beta', baseImageId: id(), renderMode: 'neural' },
      'MODEL_LINE_ART_UNSUPPORTED',
      '神经渲染',
    ],
    [
      'a seed the model cannot keep',
      { mode: 'text', model: 'architecture-beta', prompt: 'tower', seed: 42 },
      'MODEL_SEED_UNSUPPORTED',
      '种子',
    ],
    [
      'a negative prompt the model would ignore',
      { mode: 'text', model: 'architecture-beta', prompt: 'tower', negativePrompt: 'people' },
      'MODEL_NEGATIVE_UNSUPPORTED',
      '反向提示词',
    ],
  ];

  it.each(refusals)('refuses %s, in both languages, and charges nothing', async (_what, body, code, zh) => {
    const { cookie } = await registerUser(t);
    const before = await balanceOf(t, cookie);
    const en = await submit(t, cookie, body);
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({ code, msg: expect.stringContaining('nothing was charged') });
    const inChinese = (await submit(t, cookie, body, 'zh')).json();
    expect(inChinese).toMatchObject({ code, msg: expect.stringContaining(zh) });
    expect(inChinese.msg).toContain('未扣除任何费用');
    expect(await balanceOf(t, cookie)).toEqual(before);
    expect(await tasksOf(cookie)).toEqual([]);
  });

  it('lets an image-to-image restyle through with guides it drops, and upscales on the built-in upscaler', async () => {
    const { cookie } = await registerUser(t);
    // Past the capability check, the images are looked up: unknown ones, not the guides, are the problem.
    const restyle = await submit(t, cookie, {
      mode: 'iterate',
      model: 'architecture-beta',
      baseImageId: id(),
      depthImageId: id(),
      renderMode: 'img2img',
    });
    expect(restyle.json().code).toBe('UPLOAD_NOT_FOUND');
    const upscale = await submit(t, cookie, { mode: 'upscale', model: 'flux-pro', upscale: 4, baseImageId: id() });
    expect(upscale.json().code).toBe('UPLOAD_NOT_FOUND');
  });
});

describe('an upscale the model’s engine cannot make', () => {
  it('runs on the built-in upscaler at its price', async () => {
    const { cookie } = await registerUser(t);
    const base = await uploadImage(t, cookie, await photo(120, 80), 'base');
    // architecture-beta runs on OpenAI here, which has no upscale.
    const res = await submit(t, cookie, {
      mode: 'upscale',
      model: 'architecture-beta',
      upscale: 2,
      baseImageId: base.id,
    });
    expect(res.json().data).toMatchObject({ engine: 'preview', cost: { cubes: 2 } });
    const task = await until(() => getTask(t, cookie, res.json().data.id), finished);
    expect(task.state).toBe('complete');
    expect(task.results[0]).toMatchObject({ width: 240, height: 160 });
    expect((await balanceOf(t, cookie)).cubes).toBe(18);
  });
});

describe('the price of a model', () => {
  it('previews the cost at the model’s price, and the largest variant that fits at that price', async () => {
    const { cookie } = await registerUser(t);
    const { cubes } = await balanceOf(t, cookie);
    expect(cubes).toBe(20);
    expect(
      await cost(cookie, { mode: 'text', model: 'stable-image-ultra', quality: 'HD', count: 2, prompt: 'x' }),
    ).toMatchObject({
      cubes: 10,
      enough: true,
    });
    expect(
      await cost(cookie, { mode: 'text', model: 'stable-image-ultra', quality: 'FHD', count: 4, prompt: 'x' }),
    ).toMatchObject({
      cubes: 28,
      enough: false,
      fits: { count: 2, quality: 'FHD', cubes: 14 },
    });
    // The operator's price, and an upscale its own engine cannot make priced as the built-in one.
    expect((await cost(cookie, { mode: 'text', model: 'flux-pro', quality: 'FHD', prompt: 'x' })).cubes).toBe(6);
    const upscale = { mode: 'upscale', model: 'stable-image-ultra', baseImageId: id() };
    expect((await cost(cookie, { ...upscale, upscale: 4 })).cubes).toBe(20);
    expect((await cost(cookie, { ...upscale, upscale: 2 })).cubes).toBe(2);
    expect((await cost(cookie, { mode: 'text', prompt: 'x', quality: 'HD', count: 3 })).cubes).toBe(6);
  });
});
