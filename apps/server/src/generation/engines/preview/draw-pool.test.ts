import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { CRASH_PROMPT, crashingDrawWorkerUrl } from '../../../../test-support/preview/crash.ts';
import { EngineError, type EngineTask } from '../../engine.ts';
import { createDrawPool } from './draw-pool.ts';
import { renderImage } from './render-modes.ts';

const pool = createDrawPool({ threads: 2, workerUrl: crashingDrawWorkerUrl, nice: 0 });
afterAll(() => pool.close());

function task(overrides: Partial<EngineTask> = {}): EngineTask {
  return {
    id: 'task-1',
    attempt: 1,
    mode: 'text',
    type: 'architectural',
    model: 'architecture',
    prompt: 'a museum',
    negativePrompt: '',
    width: 320,
    height: 240,
    count: 1,
    quality: 'SD',
    seed: 1234,
    imageWeight: 0.5,
    textWeight: 0.5,
    controlStrength: 0.5,
    tags: { style: ['brutalist'], material: ['concrete'], function: ['museum'] },
    images: {},
    ...overrides,
  };
}

const draw = (t: EngineTask, signal = new AbortController().signal, index = 0) =>
  pool.draw({ task: t, index, thumbSide: 64, signal });

describe('preview drawing threads', () => {
  it('draw the same bytes as drawing in place, with a small raw thumbnail', async () => {
    const base = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#88aacc' } })
      .png()
      .toBuffer();
    const iterate = task({ mode: 'iterate', images: { base } });
    const [text, iterated] = await Promise.all([draw(task(), undefined, 1), draw(iterate)]);
    expect(text.image.equals(await renderImage(task(), 1))).toBe(true);
    expect(iterated.image.equals(await renderImage(iterate, 0))).toBe(true);
    // The task's own images stay usable for its other results.
    expect(base.length).toBeGreaterThan(0);
    expect((await sharp(base).metadata()).width).toBe(400);
    const { width, height, channels } = text.thumb.info;
    expect([width, height]).toEqual([64, 48]);
    expect(text.thumb.data.length).toBe(64 * 48 * channels);
  });

  it('fail an undecodable input as invalid', async () => {
    const broken = draw(task({ mode: 'iterate', images: { base: Buffer.from('not an image') } }));
    await expect(broken).rejects.toBeInstanceOf(EngineError);
    await expect(broken).rejects.toMatchObject({ kind: 'invalid' });
    await expect(draw(task({ mode: 'iterate' }))).rejects.toMatchObject({ kind: 'invalid' });
  });

  it('lose only the image of a thread that dies, and start a fresh one for the next', async () => {
    const [crashed, other] = await Promise.allSettled([draw(task({ prompt: CRASH_PROMPT })), draw(task())]);
    expect(crashed).toMatchObject({ status: 'rejected', reason: { kind: 'lost' } });
    expect(other.status).toBe('fulfilled');
    for (let i = 0; i < 3; i++) expect((await draw(task())).image.length).toBeGreaterThan(0);
  });

  it('stop waiting at once on a cancel, and refuse work once closed', async () => {
    const controller = new AbortController();
    const jobs = [draw(task({ width: 1280, height: 960 })), draw(task({ width: 1280, height: 960 }))];
    // Both threads are busy: this one waits, then is cancelled.
    const waiting = draw(task(), controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ kind: 'interrupted' });
    await Promise.all(jobs);
    const aborted = new AbortController();
    aborted.abort();
    await expect(draw(task(), aborted.signal)).rejects.toMatchObject({ kind: 'interrupted' });

    const closing = createDrawPool({ threads: 1, nice: 0 });
    await closing.draw({ task: task(), index: 0, thumbSide: 64, signal: new AbortController().signal });
    await closing.close();
    await expect(
      closing.draw({ task: task(), index: 0, thumbSide: 64, signal: new AbortController().signal }),
    ).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
