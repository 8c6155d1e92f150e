import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '@turing/contract';
import { balanceOf, buildGenerationApp, finished, getTask, submit, until } from '../../test-support/design-helpers.ts';
import { FakeBfl } from '../../test-support/providers/fake-bfl.ts';
import { appHeaders, registerUser } from '../../test-support/test-app.ts';

type App = Awaited<ReturnType<typeof buildGenerationApp>>;

let fake: FakeBfl;
let t: App;

beforeAll(async () => {
  fake = await FakeBfl.start();
  t = await buildGenerationApp({ BFL_API_KEY: fake.key, BFL_BASE_URL: fake.url });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const tasksOf = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/turing/design/task/list', headers: { cookie } })).json().data.items;

describe('a negative prompt on FLUX, which cannot use one', () => {
  it('is refused at submit in both languages, before anything is sent or charged', async () => {
    const { cookie } = await registerUser(t);
    const before = await balanceOf(t, cookie);
    const sent = fake.submissions().length;
    const body = { mode: 'text', model: 'flux-pro', prompt: 'a tower', negativePrompt: 'blurry, people' };
    const en = await submit(t, cookie, body);
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      code: 'MODEL_NEGATIVE_UNSUPPORTED',
      msg: expect.stringContaining('cannot use a negative prompt'),
    });
    expect((await submit(t, cookie, body, 'zh')).json()).toMatchObject({
      code: 'MODEL_NEGATIVE_UNSUPPORTED',
      msg: expect.stringContaining('反向提示词'),
    });
    expect(await balanceOf(t, cookie)).toEqual(before);
    expect(await tasksOf(cookie)).toEqual([]);
    expect(fake.submissions()).toHaveLength(sent);
  });

  it('is not held against the task when only a word package brings negatives, nor sent', async () => {
    const { cookie } = await registerUser(t);
    const pkg = await t.app.inject({
      method: 'POST',
      url: '/turing/design/wordPackage/create',
      headers: { ...appHeaders(), cookie },
      payload: { name: 'Clean', positive: 'crisp daylight', negative: 'blurry, watermark' },
    });
    const packageId = pkg.json().data.id as string;
    const res = await submit(t, cookie, {
      mode: 'text',
      model: 'flux-pro',
      prompt: 'a tower',
      negativePrompt: '   ',
      wordPackageIds: [packageId],
    });
    expect(res.statusCode).toBe(200);
    const done = await until(() => getTask(t, cookie, (res.json().data as Task).id), finished);
    expect(done.state).toBe('complete');
    const sent = JSON.stringify(fake.submissions().at(-1)!.json);
    expect(sent).toContain('crisp daylight');
    expect(sent).not.toContain('watermark');
  });
});

describe('a FLUX task one of whose jobs BFL moderates', () => {
  it('completes with the images made, each job sent once', async () => {
    const { cookie } = await registerUser(t);
    const sent = fake.submissions().length;
    fake.outcomes.push('Ready', 'Ready', 'Content Moderated', 'Ready');
    const res = await submit(t, cookie, { mode: 'text', model: 'flux-pro', prompt: 'a tower', count: 4 });
    const done = await until(() => getTask(t, cookie, (res.json().data as Task).id), finished);
    expect(done.state).toBe('complete');
    expect(done.results).toHaveLength(3);
    expect(fake.submissions().length - sent).toBe(4);
  });
});
