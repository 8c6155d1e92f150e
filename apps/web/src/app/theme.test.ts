import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, act } from '@testing-library/react';
import { REDUCED_MOTION, useMediaQuery } from '../shared/ui/use-media-query.ts';
import { themeConfig } from './theme.ts';

describe('reduced motion', () => {
  afterEach(() => vi.restoreAllMocks());

  it('turns Ant Design motion off only when the system asks for it', () => {
    expect(themeConfig('light', true).token?.motion).toBe(false);
    expect(themeConfig('dark', true).token?.motion).toBe(false);
    expect(themeConfig('light').token).not.toHaveProperty('motion');
  });

  it('follows the media query as the system setting changes', () => {
    let matches = false;
    const listeners = new Set<() => void>();
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          media: query,
          get matches() {
            return query === REDUCED_MOTION && matches;
          },
          addEventListener: (_: string, fn: () => void) => listeners.add(fn),
          removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
        }) as unknown as MediaQueryList,
    );
    const { result, unmount } = renderHook(() => useMediaQuery(REDUCED_MOTION));
    expect(result.current).toBe(false);
    act(() => {
      matches = true;
      for (const fn of listeners) fn();
    });
    expect(result.current).toBe(true);
    unmount();
    expect(listeners.size).toBe(0);
  });
});
