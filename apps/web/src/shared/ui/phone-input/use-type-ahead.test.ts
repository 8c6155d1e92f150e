import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { buildCountryList } from './country-list.ts';
import { findTypeAheadMatch, useTypeAhead } from './use-type-ahead.ts';

// Canada, Chad, Chile, China, Finland, France
const { all } = buildCountryList({ locale: 'en', only: ['CN', 'CL', 'TD', 'FR', 'FI', 'CA'] });
const name = (i: number) => all[i]?.name;

describe('findTypeAheadMatch', () => {
  it('finds the first country whose name starts with the text', () => {
    expect(name(findTypeAheadMatch(all, 'ch', 0))).toBe('Chad');
    expect(name(findTypeAheadMatch(all, 'chi', 0))).toBe('Chile');
    expect(name(findTypeAheadMatch(all, 'CHIN', 0))).toBe('China');
  });

  it('also matches ISO codes and dial codes', () => {
    expect(name(findTypeAheadMatch(all, 'td', 0))).toBe('Chad');
    expect(name(findTypeAheadMatch(all, '+86', 0))).toBe('China');
    expect(name(findTypeAheadMatch(all, '33', 0))).toBe('France');
  });

  it('steps through countries when one letter is repeated', () => {
    expect(name(findTypeAheadMatch(all, 'cc', 0))).toBe('Chad');
    expect(name(findTypeAheadMatch(all, 'ccc', 1))).toBe('Chile');
  });

  it('gives -1 without a match', () => {
    expect(findTypeAheadMatch(all, 'xyz', 0)).toBe(-1);
    expect(findTypeAheadMatch(all, '', 0)).toBe(-1);
  });
});

describe('useTypeAhead', () => {
  afterEach(() => vi.useRealTimers());

  it('accumulates characters until 700 ms pass without typing', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useTypeAhead());
    act(() => {
      expect(result.current.push('c')).toBe('c');
      vi.advanceTimersByTime(699);
      expect(result.current.push('h')).toBe('ch');
      vi.advanceTimersByTime(699);
      expect(result.current.push('i')).toBe('chi');
      vi.advanceTimersByTime(700);
      expect(result.current.push('f')).toBe('f');
      result.current.reset();
      expect(result.current.push('x')).toBe('x');
    });
  });
});
