import { describe, expect, it } from 'vitest';
import { hasFilters, readFilters, writeFilters } from './gallery-filters.ts';

describe('gallery filters in the address', () => {
  it('round-trip tags, sort, period and search', () => {
    const filters = readFilters(
      new URLSearchParams('style=modern&environment=forest&sort=likes&period=month&q=pavilion'),
    );
    expect(filters).toEqual({ sort: 'likes', period: 'month', style: 'modern', environment: 'forest', q: 'pavilion' });
    expect(readFilters(writeFilters(filters))).toEqual(filters);
    expect(hasFilters(filters)).toBe(true);
  });

  it('fall back to the defaults on values the server would refuse', () => {
    const filters = readFilters(new URLSearchParams('style=Not A Slug&sort=random&period=decade&q=%20%20'));
    expect(filters).toEqual({ sort: 'latest' });
    expect(hasFilters(filters)).toBe(false);
    expect(writeFilters(filters).toString()).toBe('');
  });

  it('give a popularity sort a period and keep none for the latest', () => {
    expect(readFilters(new URLSearchParams('sort=collections'))).toEqual({ sort: 'collections', period: 'week' });
    expect(readFilters(new URLSearchParams('period=day'))).toEqual({ sort: 'latest' });
  });

  it('cut a search at the contract’s limit', () => {
    expect(readFilters(new URLSearchParams(`q=${'a'.repeat(100)}`)).q).toHaveLength(60);
  });
});
