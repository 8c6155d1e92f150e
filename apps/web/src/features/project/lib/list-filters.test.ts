import { describe, expect, it } from 'vitest';
import { activeFilterCount, DEFAULT_FILTERS, toListQuery } from './list-filters.ts';

const day = (iso: string) => ({ format: () => iso });

describe('the projects list query', () => {
  it('asks for the default list when nothing is set', () => {
    expect(toListQuery(DEFAULT_FILTERS)).toEqual({ sort: 'updated', whose: 'all' });
    expect(activeFilterCount(DEFAULT_FILTERS)).toBe(0);
  });

  it('trims the words, cuts them to the server’s limit and sends every filter set', () => {
    const query = toListQuery({
      q: `  ${'pavilion '.repeat(10)}`,
      whose: 'shared',
      sort: 'name',
      mode: 'upscale',
      model: 'flux-pro',
      days: [day('2026-11-01'), day('2026-11-20')],
    });
    expect(query).toEqual({
      q: 'pavilion '.repeat(10).trim().slice(0, 60),
      whose: 'shared',
      sort: 'name',
      mode: 'upscale',
      model: 'flux-pro',
      from: '2026-11-01',
      to: '2026-11-20',
    });
  });

  it('takes an open-ended range and counts the narrowing filters', () => {
    const f = {
      ...DEFAULT_FILTERS,
      q: '   ',
      mode: 'text' as const,
      days: [null, day('2026-11-20')] as [null, ReturnType<typeof day>],
    };
    expect(toListQuery(f)).toEqual({ sort: 'updated', whose: 'all', mode: 'text', to: '2026-11-20' });
    expect(activeFilterCount(f)).toBe(2);
  });
});
