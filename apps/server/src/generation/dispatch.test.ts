import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerUser, type TestApp } from '../../test-support/test-app.ts';
import { submit } from '../../test-support/design-helpers.ts';

// No workers run here: the test claims as a worker would, one task at a time.
describe('claiming the next queued task', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ USER_ACTIVE_TASKS_MAX: '100' });
  });
  afterAll(() => t.close());

  it('takes tasks in line order, each once, and leaves those waiting for a server to their own job', async () => {
    const { cookie } = await registerUser(t);
    const ids: string[] = [];
    for (const prompt of ['first', 'second', 'third']) {
      ids.push((await submit(t, cookie, { mode: 'text', prompt })).json().data.id as string);
    }
    const lifecycle = t.app.services!.taskLifecycle;
    const engine = t.app.services!.settings.engineFor('default');
    expect(await lifecycle.claimNext('w1', ['some-other-engine'])).toBeNull();
    expect(await lifecycle.claimNext('w1', [])).toBeNull();

    await lifecycle.waitForServer(ids[0]!);
    const claimed = await lifecycle.claimNext('w1', [engine]);
    expect(claimed).toMatchObject({ id: ids[1], state: 'generating', workerId: 'w1', attempt: 1 });
    expect((await lifecycle.claimNext('w2', [engine]))?.id).toBe(ids[2]);
    expect(await lifecycle.claimNext('w2', [engine])).toBeNull();
    // The waiting one is still there for its job, which claims it by id.
    expect((await lifecycle.claim(ids[0]!, 'w3'))?.id).toBe(ids[0]);
  });
});
