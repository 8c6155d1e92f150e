import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserLocale, browserTheme } from './browser-preferences.ts';

describe('browserLocale', () => {
  it.each([
    [['zh-CN', 'zh', 'en'], 'zh'],
    [['zh-TW'], 'zh'],
    [['ZH'], 'zh'],
    [['en-GB', 'zh-CN'], 'en'],
    [['de-DE', 'zh-CN'], 'zh'],
    [['de-DE', 'fr'], 'en'],
    [[], 'en'],
  ] as const)('%j → %s', (languages, expected) => {
    expect(browserLocale(languages)).toBe(expected);
  });
});

describe('browserTheme', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('follows the system appearance', () => {
    const media = (dark: boolean) => (q: string) => ({ matches: dark && q.includes('dark') }) as MediaQueryList;
    vi.stubGlobal('matchMedia', media(true));
    expect(browserTheme()).toBe('dark');
    vi.stubGlobal('matchMedia', media(false));
    expect(browserTheme()).toBe('light');
  });
});
