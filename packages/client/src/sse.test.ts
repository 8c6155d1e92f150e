import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse.ts';

const feed = (...pieces: string[]) => {
  const p = createSseParser();
  return [...pieces.flatMap((x) => p.push(x)), ...p.end()];
};

describe('event stream parsing', () => {
  it('reads event, data and id, and joins several data lines', () => {
    expect(feed('event: task\nid: 7\ndata: {"a":\ndata: 1}\n\n')).toEqual([
      { event: 'task', data: '{"a":\n1}', id: '7', retry: undefined },
    ]);
  });

  it('gives the same events whatever the pieces and line ends (CRLF split across pieces)', () => {
    const whole = 'event: task\r\nid: 1\r\ndata: one\r\n\r\ndata: two\r\n\r\n';
    const expected = feed(whole);
    expect(expected.map((e) => e.data)).toEqual(['one', 'two']);
    for (let cut = 1; cut < whole.length; cut += 1)
      expect(feed(whole.slice(0, cut), whole.slice(cut))).toEqual(expected);
    expect(feed(...whole.split(''))).toEqual(expected);
    expect(feed('data: a\r\rdata: b\n\n').map((e) => e.data)).toEqual(['a', 'b']);
  });

  it('skips comments and events without data, keeps the last id, and drops an unfinished event at the end', () => {
    const events = feed(': ping\n\nid: 3\nevent: task\n\nevent: task\ndata:x\n\ndata: cut off');
    expect(events).toEqual([{ event: 'task', data: 'x', id: '3', retry: undefined }]);
  });

  it('names an event without a type "message" and reads retry', () => {
    expect(feed('retry: 2500\ndata: hi\n\n')).toEqual([{ event: 'message', data: 'hi', id: '', retry: 2500 }]);
  });
});
