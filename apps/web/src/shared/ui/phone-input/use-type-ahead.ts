import { useCallback, useEffect, useRef } from 'react';
import { LIMITS } from '@turing/contract';
import type { CountryOption } from './country-list.ts';

/**
 * The index of the first country whose name, ISO code or dial code starts with `query`.
 * Repeating one letter (`bbb`) steps through the countries starting with it, as native selects do.
 */
export function findTypeAheadMatch(items: readonly CountryOption[], query: string, current: number): number {
  const q = query.toLocaleLowerCase();
  if (!q) return -1;
  const matches = (item: CountryOption, text: string) => {
    const dial = text.replace(/^\+/, '');
    return (
      item.name.toLocaleLowerCase().startsWith(text) ||
      item.code.toLowerCase().startsWith(text) ||
      (/^\d+$/.test(dial) && item.dialCode.startsWith(dial))
    );
  };
  const repeated = q.length > 1 && /\p{L}/u.test(q[0]!) && [...q].every((ch) => ch === q[0]);
  if (repeated) {
    const letter = q[0]!;
    for (let step = 1; step <= items.length; step++) {
      const i = (current + step) % items.length;
      if (matches(items[i]!, letter)) return i;
    }
  }
  return items.findIndex((item) => matches(item, q));
}

/** Accumulates typed characters; the buffer empties after a pause, so a new word starts a new search. */
export function useTypeAhead(resetMs: number = LIMITS.phoneTypeAheadResetMs) {
  const buffer = useRef('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const push = useCallback(
    (char: string): string => {
      clearTimeout(timer.current);
      buffer.current += char;
      timer.current = setTimeout(() => {
        buffer.current = '';
      }, resetMs);
      return buffer.current;
    },
    [resetMs],
  );

  const reset = useCallback(() => {
    clearTimeout(timer.current);
    buffer.current = '';
  }, []);

  return { push, reset };
}
