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

  it('takes tasks in line order, each once, none behind a task waiting for a server until it is back', async () => {
    const { cookie } = await registerUser(t);
    const ids: string[] = [];
    for (const prompt of ['first', 'second', 'third']) {
      ids.push((await submit(t, cookie, { mode: 'text', prompt })).json().data.id as string);
    }
    const lifecycle = t.app.services!.taskLifecycle;
    const engine = t.app.services!.settings.engineFor('default');
    expect(await lifecycle.claimNext('w1', ['some-other-engine'])).toBeNull();
    expect(await lifecycle.claimNext('w1', [])).toBeNull();

    await lifecycle.waitForServer(ids[1]!);
    expect(await lifecycle.claimNext('w1', [engine])).toMatchObject({
      id: ids[0],
      state: 'generating',
      workerId: 'w1',
      attempt: 1,
    });
    // The third keeps its place behind the second, which waits for a server.
    expect(await lifecycle.claimNext('w2', [engine])).toBeNull();
    expect(await lifecycle.serverBack(ids[1]!)).toMatchObject({ state: 'queued', notice: null });
    expect(await lifecycle.serverBack(ids[1]!)).toBeNull();
    expect((await lifecycle.claimNext('w2', [engine]))?.id).toBe(ids[1]);
    expect((await lifecycle.claimNext('w3', [engine]))?.id).toBe(ids[2]);
    expect(await lifecycle.claimNext('w3', [engine])).toBeNull();
  });
});
