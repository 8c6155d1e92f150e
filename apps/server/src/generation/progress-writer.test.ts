import { describe, expect, it } from 'vitest';
import { createProgressWriter } from './progress-writer.ts';

const frame = (n: number) => Buffer.from(`preview ${n}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('progress writes', () => {
  it('delivers the newest preview of a burst instead of dropping it, one write per interval', async () => {
    const written: { percent: number; preview?: string }[] = [];
    const writer = createProgressWriter(40, async (p) => {
      written.push({ percent: p.percent, preview: p.preview?.toString() });
    });
    // ComfyUI's order: a progress message, then right after it the preview of that step.
    for (let step = 1; step <= 5; step++) {
      writer.report({ type: 'progress', percent: step * 10 });
      writer.report({ type: 'progress', percent: step * 10, preview: frame(step) });
    }
    await sleep(120);
    expect(written).toEqual([{ percent: 50, preview: 'preview 5' }]);
    await writer.close();
  });

  it('writes at least once per interval while reports keep coming', async () => {
    const written: string[] = [];
    const writer = createProgressWriter(30, async (p) => {
      written.push(p.preview?.toString() ?? '');
    });
    for (let step = 1; step <= 20; step++) {
      writer.report({ type: 'progress', percent: step * 4 });
      writer.report({ type: 'progress', percent: step * 4, preview: frame(step) });
      await sleep(10);
    }
    await writer.close();
    expect(written.length).toBeGreaterThanOrEqual(4);
  });

  it('finishes a write under way when it closes and drops the report waiting for its turn', async () => {
    const written: string[] = [];
    let release = () => {};
    const writer = createProgressWriter(1, (p) => {
      written.push(p.preview?.toString() ?? '');
      return new Promise<void>((resolve) => (release = resolve));
    });
    writer.report({ type: 'progress', percent: 10, preview: frame(1) });
    await sleep(20);
    // The first write is under way; the second report waits for it.
    writer.report({ type: 'progress', percent: 20, preview: frame(2) });
    let closed = false;
    const closing = writer.close().then(() => (closed = true));
    await sleep(20);
    expect(closed).toBe(false);
    release();
    await closing;
    await sleep(20);
    expect(written).toEqual(['preview 1']);
  });

  it('writes nothing for a task that ends within its first interval without a preview', async () => {
    let writes = 0;
    const writer = createProgressWriter(1000, async () => {
      writes++;
    });
    writer.report({ type: 'progress', percent: 50 });
    await writer.close();
    expect(writes).toBe(0);
  });
});
