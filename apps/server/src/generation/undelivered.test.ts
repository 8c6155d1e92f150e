import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from './engine.ts';
import { registerUser } from '../../test-support/test-app.ts';
import { balanceOf, buildGenerationApp, finished, getTask, submit, until } from '../../test-support/design-helpers.ts';

// An engine that makes fewer images than it was asked for (a Wan job with failed results, a
// FLUX or Stability job of a batch refused, a ComfyUI batch cut short): the task completes with
// what was made, and the price of the rest goes back in the completion's transaction.
describe('a task whose engine delivers fewer images than asked', () => {
  let t: Awaited<ReturnType<typeof buildGenerationApp>>;
  /** Images the engine leaves out of its next runs' results. */
  let withhold = 0;
  let engineRuns = 0;
  beforeAll(async () => {
    t = await buildGenerationApp();
    const preview = (await t.app.services!.engines.get('preview')) as { run: Engine['run'] };
    const run = preview.run.bind(preview);
    preview.run = async (task, ctx) => {
      engineRuns += 1;
      const result = await run(task, ctx);
      return { ...result, images: result.images.slice(0, Math.max(0, result.images.length - withhold)) };
    };
  });
  afterAll(() => t.close());

  const ledgerOf = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/turing/billing/ledger/list?limit=50', headers: { cookie } })).json()
      .data.items as { kind: string; cubes: number; taskId: string | null }[];

  it('charges only the images delivered: the rest come back as one refund row naming the task', async () => {
    const { cookie, profile } = await registerUser(t);
    withhold = 1;
    const before = (await balanceOf(t, cookie)).cubes;
    // HD: 2 cubes an image, 8 for four.
    const task = (await submit(t, cookie, { mode: 'text', prompt: 'four views', count: 4, quality: 'HD' })).json().data;
    expect(task.cost.cubes).toBe(8);
    const done = await until(() => getTask(t, cookie, task.id), finished);
    expect(done).toMatchObject({
      state: 'complete',
      cost: { cubes: 8, refunded: false },
      shortfall: { asked: 4, delivered: 3, refundedCubes: 2 },
    });
    expect(done.results).toHaveLength(3);
    expect((await balanceOf(t, cookie)).cubes).toBe(before - 6);
    expect(await t.app.services!.ledger.sumOf(profile.id)).toBe(before - 6);
    const rows = (await ledgerOf(cookie)).filter((r) => r.taskId === task.id);
    expect(rows.map((r) => [r.kind, r.cubes]).sort()).toEqual([
      ['charge', -8],
      ['refund', 2],
    ]);
  });

  it('charges in full, with no shortfall, when every image came', async () => {
    const { cookie } = await registerUser(t);
    withhold = 0;
    const before = (await balanceOf(t, cookie)).cubes;
    const task = (await submit(t, cookie, { mode: 'text', prompt: 'two views', count: 2 })).json().data;
    const done = await until(() => getTask(t, cookie, task.id), finished);
    expect(done).toMatchObject({ state: 'complete', shortfall: null });
    expect(done.results).toHaveLength(2);
    expect((await balanceOf(t, cookie)).cubes).toBe(before - 2);
    expect((await ledgerOf(cookie)).filter((r) => r.taskId === task.id).map((r) => r.kind)).toEqual(['charge']);
  });

  it('ends a run that delivered nothing refunded, without paying for another run', async () => {
    const { cookie } = await registerUser(t);
    withhold = 8;
    const before = (await balanceOf(t, cookie)).cubes;
    const runsBefore = engineRuns;
    const task = (await submit(t, cookie, { mode: 'text', prompt: 'nothing', count: 2 })).json().data;
    const done = await until(() => getTask(t, cookie, task.id), finished);
    expect(done).toMatchObject({ state: 'lost', cost: { refunded: true }, shortfall: null, results: [] });
    expect(engineRuns - runsBefore).toBe(1);
    expect((await balanceOf(t, cookie)).cubes).toBe(before);
  });

  it('tells the event stream the shortfall with the completion', async () => {
    const { cookie } = await registerUser(t);
    withhold = 1;
    const task = (await submit(t, cookie, { mode: 'text', prompt: 'pair', count: 2 })).json().data;
    await until(() => getTask(t, cookie, task.id), finished);
    const [last] = await t.app.services!.database.query<{ payload: { state: string; shortfall: unknown } }>(
      `select payload from task_events where task_id = $1 order by id desc limit 1`,
      [task.id],
    );
    expect(last!.payload).toMatchObject({
      state: 'complete',
      shortfall: { asked: 2, delivered: 1, refundedCubes: 1 },
    });
  });
});
