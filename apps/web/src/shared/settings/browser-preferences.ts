import type { Locale } from '@turing/contract';

/**
 * The language a first visit starts in: the first of the browser's languages the app speaks
 * (any `zh…` is Chinese, any `en…` English); English when it speaks none of them.
 * index.html's first script reads the same rule, so the page is never drawn in the other language.
 */
export function browserLocale(languages: readonly string[] = globalThis.navigator?.languages ?? []): Locale {
  for (const tag of languages) {
    const lower = tag.toLowerCase();
    if (lower === 'zh' || lower.startsWith('zh-')) return 'zh';
    if (lower === 'en' || lower.startsWith('en-')) return 'en';
  }
  return 'en';
}

/** The app's two themes; settings-store.ts keeps the one the visitor picked. */
export type Theme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

const darkQuery = () => (typeof globalThis.matchMedia === 'function' ? globalThis.matchMedia(DARK_QUERY) : null);

/** The theme a first visit starts in: the system's light or dark appearance. */
export function browserTheme(): Theme {
  return darkQuery()?.matches ? 'dark' : 'light';
}

/** Calls `onChange` when the system switches between light and dark; returns the unsubscribe. */
export function onBrowserThemeChange(onChange: (theme: Theme) => void): () => void {
  const query = darkQuery();
  if (!query) return () => {};
  const listener = (event: MediaQueryListEvent) => onChange(event.matches ? 'dark' : 'light');
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}
