import { afterEach, describe, expect, it } from 'vitest';
import { EngineError } from '../../engine.ts';
import { FakeBfl } from '../../../../test-support/providers/fake-bfl.ts';
import {
  FAST,
  cleanup,
  makeContext,
  makeTask,
  onCleanup,
  settle,
  sizeOf,
  track,
} from '../../../../test-support/providers/provider-test-kit.ts';
import { createFluxEngine, type FluxEngineOptions } from './flux-engine.ts';

afterEach(cleanup);

const TEN_MINUTES = 600_000;

async function startFake() {
  const fake = await FakeBfl.start();
  onCleanup(() => fake.close());
  return fake;
}

const engineOn = (fake: FakeBfl, over: Partial<FluxEngineOptions> = {}) =>
  track(
    createFluxEngine({
      apiKey: fake.key,
      baseUrl: fake.url,
      model: 'flux-pro-1.1',
      editModel: 'flux-kontext-pro',
      ...FAST,
      ...over,
    }),
  );

const kindOf = (e: unknown) => (e instanceof EngineError ? e.kind : e);
const jobsOf = (ref: string) => (JSON.parse(ref) as { jobs: ({ id: string } | null)[] }).jobs;

/**
 * A process sends the task's jobs and stops while BFL works on them; BFL finishes them; `gapMs`
 * later (on BFL's clock) another process takes the task up from its recorded reference.
 */
async function restartAfter(fake: FakeBfl, gapMs: number, over: Partial<FluxEngineOptions> = {}, count = 2) {
  fake.hold = true;
  const first = engineOn(fake, over);
  const ctx = makeContext();
  const task = makeTask({ count });
  const running = settle(first.run(task, ctx));
  const at = await ctx.accepted(count);
  await first.close();
  expect(kindOf(await running)).toBe('lost');
  await fake.release();
  fake.advance(gapMs);
  const next = engineOn(fake, over);
  const resumed = makeContext();
  return { result: await settle(next.resume!(task, at, resumed)), ctx: resumed };
}

describe('a FLUX result whose link expired before it was collected', () => {
  it('is what BFL’s delivery host answers: 403 AuthenticationFailed once the signed time has passed', async () => {
    const fake = await startFake();
    const result = await engineOn(fake).run(makeTask(), makeContext());
    expect(result.images).toHaveLength(1);
    const link = [...fake.jobs.values()][0]!.sample!;
    const signed = new URL(link);
    expect(signed.pathname).toMatch(/^\/results\/\w+\/sample\.png$/);
    expect(signed.searchParams.get('sp')).toBe('r');
    expect(Date.parse(signed.searchParams.get('se')!) - fake.now()).toBeGreaterThan(TEN_MINUTES - 5_000);
    expect((await fetch(link)).status).toBe(200);
    fake.advance(TEN_MINUTES);
    const expired = await fetch(link);
    expect(expired.status).toBe(403);
    expect(expired.headers.get('x-ms-error-code')).toBe('AuthenticationFailed');
    expect(await expired.text()).toContain('Signature not valid in the specified time frame');
  });

  it('after a restart longer than the link’s life, ends refunded (invalid) without a second paid job', async () => {
    const fake = await startFake();
    const { result } = await restartAfter(fake, TEN_MINUTES + 60_000);
    expect(kindOf(result)).toBe('invalid');
    expect((result as Error).message).toMatch(/expired before it could be collected.*RESUBMIT_EXPIRED_RESULTS/);
    // The restarted process asked BFL about both jobs and tried their images; nothing was sent again.
    expect(fake.submissions()).toHaveLength(2);
    expect(fake.requestsTo('result').length).toBeGreaterThanOrEqual(2);
  });

  it('after a shorter restart, collects both images from the same jobs', async () => {
    const fake = await startFake();
    const { result } = await restartAfter(fake, TEN_MINUTES - 60_000);
    expect(result).toMatchObject({ images: [expect.any(Buffer), expect.any(Buffer)] });
    expect(fake.submissions()).toHaveLength(2);
  });

  it.each([
    ['404 BlobNotFound (the image is gone)', (fake: FakeBfl) => fake.purge()],
    ['410 Gone', (fake: FakeBfl) => fake.fail('result', { status: 410, json: {} }, { status: 410, json: {} })],
  ])('treats a download answered %s the same way', async (_what, breakIt) => {
    const fake = await startFake();
    fake.hold = true;
    const first = engineOn(fake);
    const ctx = makeContext();
    const task = makeTask({ count: 2 });
    const running = settle(first.run(task, ctx));
    const at = await ctx.accepted(2);
    await first.close();
    await running;
    await fake.release();
    breakIt(fake);
    expect(kindOf(await engineOn(fake).resume!(task, at, makeContext()).catch((e: unknown) => e))).toBe('invalid');
    expect(fake.submissions()).toHaveLength(2);
  });

  it('with RESUBMIT_EXPIRED_RESULTS, sends one new (billed) job per expired image and delivers them', async () => {
    const fake = await startFake();
    const { result, ctx } = await restartAfter(fake, TEN_MINUTES + 60_000, { resubmitExpired: true });
    expect(result).toMatchObject({ images: [expect.any(Buffer), expect.any(Buffer)] });
    expect(fake.submissions()).toHaveLength(4);
    // The new jobs are recorded in their images' places, so another restart follows them.
    const last = ctx.events.filter((e) => e.type === 'accepted').at(-1) as { ref: string };
    const recorded = jobsOf(last.ref).map((j) => j?.id);
    const newest = [...fake.jobs.keys()].slice(2);
    expect(recorded.sort()).toEqual(newest.sort());
  });
});

describe('FLUX tasks some of whose jobs fail', () => {
  it('returns the three images made when one of four jobs is moderated, submitting each job once', async () => {
    const fake = await startFake();
    fake.outcomes.push('Ready', 'Content Moderated', 'Ready', 'Ready');
    const ctx = makeContext();
    const result = await engineOn(fake).run(makeTask({ count: 4 }), ctx);
    expect(result.images).toHaveLength(3);
    for (const image of result.images) expect(await sizeOf(image)).toMatchObject({ width: 1024, height: 768 });
    expect(fake.submissions()).toHaveLength(4);
    expect(fake.submissions().map((r) => (r.json as { seed: number }).seed)).toEqual([42, 43, 44, 45]);
    expect(ctx.events.at(-1)).toEqual({ type: 'progress', percent: 100 });
  });

  it('returns the images made when one submission is refused (422), and records that image as not sent', async () => {
    const fake = await startFake();
    fake.fail('submit', 'pass', { status: 422, json: { detail: [{ msg: 'refused' }] } });
    const ctx = makeContext();
    const result = await engineOn(fake).run(makeTask({ count: 4 }), ctx);
    expect(result.images).toHaveLength(3);
    expect(fake.submissions()).toHaveLength(4);
    expect(fake.jobs.size).toBe(3);
    const last = ctx.events.filter((e) => e.type === 'accepted').at(-1) as { ref: string };
    expect(jobsOf(last.ref).map((j) => j !== null)).toEqual([true, false, true, true]);
  });

  it('a restart neither sends again an image whose submission failed nor loses the others', async () => {
    const fake = await startFake();
    fake.hold = true;
    fake.fail('submit', 'pass', { status: 422, json: { detail: [{ msg: 'refused' }] } });
    const first = engineOn(fake);
    const ctx = makeContext();
    const task = makeTask({ count: 3 });
    const running = settle(first.run(task, ctx));
    const at = await ctx.accepted(3);
    await first.close();
    await running;
    const resumed = settle(engineOn(fake).resume!(task, at, makeContext()));
    await fake.release();
    expect(await resumed).toMatchObject({ images: [expect.any(Buffer), expect.any(Buffer)] });
    expect(fake.submissions()).toHaveLength(3);
  });

  it('ends refunded, not retried, when one image expired and the other job failed', async () => {
    const fake = await startFake();
    // The first job failed at BFL (a retryable fault alone), the second's image expired.
    fake.outcomes.push('Error', 'Ready');
    const { result } = await restartAfter(fake, TEN_MINUTES + 60_000);
    expect(kindOf(result)).toBe('invalid');
    expect(fake.submissions()).toHaveLength(2);
  });

  it('fails as before when every job fails, with the first one’s fault', async () => {
    const fake = await startFake();
    fake.outcomes.push('Error', 'Content Moderated');
    expect(kindOf(await settle(engineOn(fake).run(makeTask({ count: 2 }), makeContext())))).toBe('lost');
    expect(fake.submissions()).toHaveLength(2);
  });

  it('stops submitting when BFL refuses the account (out of credits): the others would be refused alike', async () => {
    const fake = await startFake();
    fake.fail('submit', { status: 402, json: { detail: 'Insufficient credits' } });
    expect(kindOf(await settle(engineOn(fake).run(makeTask({ count: 3 }), makeContext())))).toBe('invalid');
    expect(fake.submissions()).toHaveLength(1);
  });
});
