import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, page, pageQuery } from './paging.ts';
import { z } from 'zod';

const at = { sort: '2026-03-01T10:00:00.123456Z', id: '0b7c8a52-3f0e-4b8e-9a51-6f2d1c0e9a11' };

describe('cursors', () => {
  it('round-trip in the URL-safe base64 alphabet without padding, as Node encodes it', () => {
    // Reference values from Buffer.from(json).toString('base64url'), one per padding length.
    const reference: [string, string][] = [
      ['~?>', 'WyJ-Pz4iLCIwYjdjOGE1Mi0zZjBlLTRiOGUtOWE1MS02ZjJkMWMwZTlhMTEiXQ'],
      ['~~?>', 'WyJ-fj8-IiwiMGI3YzhhNTItM2YwZS00YjhlLTlhNTEtNmYyZDFjMGU5YTExIl0'],
      ['~~~?>', 'WyJ-fn4_PiIsIjBiN2M4YTUyLTNmMGUtNGI4ZS05YTUxLTZmMmQxYzBlOWExMSJd'],
    ];
    for (const [sort, cursor] of reference) {
      expect(encodeCursor({ sort, id: at.id })).toBe(cursor);
      expect(decodeCursor(cursor)).toEqual({ sort, id: at.id });
    }
    expect(decodeCursor(encodeCursor(at))).toEqual(at);
  });

  it('are null when they are not one of ours', () => {
    for (const bad of ['', 'A', '!!!!', 'bm90IGpzb24', encodeCursor({ sort: 'x', id: at.id }).slice(0, -3)]) {
      expect(decodeCursor(bad)).toBeNull();
    }
    // ["2026-03-01T10:00:00.123456Z","nope"]
    expect(decodeCursor('WyIyMDI2LTAzLTAxVDEwOjAwOjAwLjEyMzQ1NloiLCJub3BlIl0')).toBeNull();
  });
});

describe('page query and page', () => {
  it('defaults to 20 items and accepts a cursor', () => {
    expect(pageQuery.parse({})).toEqual({ limit: 20 });
    expect(pageQuery.parse({ limit: '100', cursor: encodeCursor(at) })).toEqual({
      limit: 100,
      cursor: encodeCursor(at),
    });
    expect(pageQuery.safeParse({ limit: '0' }).success).toBe(false);
    expect(pageQuery.safeParse({ cursor: 'x' }).error?.issues[0]?.message).toBe('CURSOR_INVALID');
  });

  it('wraps items with the next cursor', () => {
    const schema = page(z.object({ id: z.string() }));
    expect(schema.parse({ items: [{ id: 'a' }], nextCursor: null })).toEqual({
      items: [{ id: 'a' }],
      nextCursor: null,
    });
  });
});
