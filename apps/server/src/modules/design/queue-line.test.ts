import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appHeaders, registerUser } from '../../../test-support/test-app.ts';
import {
  balanceOf,
  buildGenerationApp,
  getTask,
  photo,
  submit,
  until,
  uploadImage,
} from '../../../test-support/design-helpers.ts';

describe('the line of queued tasks', () => {
  let t: Awaited<ReturnType<typeof buildGenerationApp>>;
  beforeAll(async () => {
    // Two tasks at a time, each slow enough to hold its place while the others queue behind it.
    t = await buildGenerationApp({ PREVIEW_PACE_MS: '30000', WORKER_CONCURRENCY: '2' });
  });
  afterAll(() => t.close());

  it('numbers three tasks behind two running ones 1, 2, 3, each waiting for a run to end', async () => {
    const { cookie } = await registerUser(t);
    const running = [];
    for (const prompt of ['one', 'two']) running.push((await submit(t, cookie, { mode: 'text', prompt })).json().data);
    for (const task of running)
      await until(
        () => getTask(t, cookie, task.id),
        (x) => x.state === 'generating',
      );
    const queued = [];
    for (const prompt of ['three', 'four', 'five'])
      queued.push((await submit(t, cookie, { mode: 'text', prompt })).json().data);
    const seen = await Promise.all(queued.map((task) => getTask(t, cookie, task.id)));
    expect(seen.map((x) => [x.state, x.position])).toEqual([
      ['queued', 1],
      ['queued', 2],
      ['queued', 3],
    ]);
    // Before the first run of its kind ended, a run is guessed at 8 s: the first two start when
    // one of the running tasks ends, the third when one of those does.
    expect(seen.map((x) => x.estimatedWaitSeconds)).toEqual([8, 8, 16]);
    for (const task of [...running, ...queued]) {
      const cancelled = (
        await t.app.inject({
          method: 'POST',
          url: '/turing/design/task/cancel',
          headers: { ...appHeaders(), cookie },
          payload: { id: task.id },
        })
      ).json();
      expect(cancelled.status).toBe(200);
    }
  });
});

describe('bounded GPU work', () => {
  let t: Awaited<ReturnType<typeof buildGenerationApp>>;
  beforeAll(async () => {
    t = await buildGenerationApp({ UPSCALE_MAX_SIDE: '1024' });
  });
  afterAll(() => t.close());

  it('refuses an upscale over the largest side at submit, with the sizes, and charges nothing', async () => {
    const { cookie } = await registerUser(t);
    const base = await uploadImage(t, cookie, await photo(600, 400), 'base');
    const refused = (await submit(t, cookie, { mode: 'upscale', baseImageId: base.id, upscale: 2 }, 'zh')).json();
    expect(refused).toMatchObject({ code: 'UPSCALE_TOO_LARGE' });
    expect(refused.msg).toContain('1200 × 800');
    expect(refused.msg).toContain('1024');
    expect((await balanceOf(t, cookie)).cubes).toBe(20);
    const english = (await submit(t, cookie, { mode: 'upscale', baseImageId: base.id, upscale: 2 })).json();
    expect(english.msg).toMatch(/^The upscaled image would be 1200 × 800 px, more than the 1024 px/);
    const small = await uploadImage(t, cookie, await photo(500, 300), 'base');
    const ok = (await submit(t, cookie, { mode: 'upscale', baseImageId: small.id, upscale: 2 })).json();
    expect(ok.status).toBe(200);
    const done = await until(
      () => getTask(t, cookie, ok.data.id),
      (x) => x.state === 'complete',
    );
    expect(done.results[0]).toMatchObject({ width: 1000, height: 600 });
  });
});
