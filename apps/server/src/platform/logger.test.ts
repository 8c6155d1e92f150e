import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { batchedLines } from './logger.ts';

function fakeDestination() {
  const writes: string[] = [];
  const dest = Object.assign(new EventEmitter(), {
    write: (text: string) => writes.push(text) > 0,
    flush: (cb?: () => void) => cb?.(),
    flushSync: () => {},
  });
  return { dest: dest as unknown as Parameters<typeof batchedLines>[0], writes };
}

describe('batched log lines', () => {
  it('writes a quiet moment’s lines together, in order, shortly after the first', async () => {
    const { dest, writes } = fakeDestination();
    const out = batchedLines(dest);
    out.write('{"msg":"a"}\n');
    out.write('{"msg":"中文"}\n');
    expect(writes).toEqual([]);
    await new Promise((r) => setTimeout(r, 40));
    expect(writes).toEqual(['{"msg":"a"}\n{"msg":"中文"}\n']);
  });

  it('writes at once when a batch is full, and on flush', () => {
    const { dest, writes } = fakeDestination();
    const out = batchedLines(dest);
    const line = `${'x'.repeat(1023)}\n`;
    for (let i = 0; i < 16; i += 1) out.write(line);
    expect(writes).toEqual([line.repeat(16)]);
    out.write('{"msg":"last"}\n');
    out.flush();
    expect(writes.at(-1)).toBe('{"msg":"last"}\n');
  });
});
