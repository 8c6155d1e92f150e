import { create } from 'zustand';
import type { Locale } from '@turing/contract';
import { STORAGE_KEYS, storage } from '../storage/storage.ts';
import { browserLocale, browserTheme, onBrowserThemeChange, type Theme } from './browser-preferences.ts';

export type { Theme };

interface SettingsState {
  theme: Theme;
  locale: Locale;
  setTheme(theme: Theme): void;
  toggleTheme(): void;
  setLocale(locale: Locale): void;
}

const storedLocale = () => {
  const value = storage.get<Locale>(STORAGE_KEYS.locale);
  return value === 'zh' || value === 'en' ? value : null;
};
const storedTheme = () => {
  const value = storage.get<Theme>(STORAGE_KEYS.theme);
  return value === 'dark' || value === 'light' ? value : null;
};

/**
 * Theme and language: until the visitor picks one, the browser's language and the system's
 * appearance; once picked, the choice is kept across visits (it never expires).
 */
export const useSettingsStore = create<SettingsState>((set, get) => ({
  theme: storedTheme() ?? browserTheme(),
  locale: storedLocale() ?? browserLocale(),
  setTheme(theme) {
    storage.set(STORAGE_KEYS.theme, theme, { expire: null });
    set({ theme });
  },
  toggleTheme() {
    get().setTheme(get().theme === 'dark' ? 'light' : 'dark');
  },
  setLocale(locale) {
    storage.set(STORAGE_KEYS.locale, locale, { expire: null });
    set({ locale });
  },
}));

// Without a chosen theme the app follows the system when it switches (at dusk, say).
onBrowserThemeChange((theme) => {
  if (!storedTheme()) useSettingsStore.setState({ theme });
});
