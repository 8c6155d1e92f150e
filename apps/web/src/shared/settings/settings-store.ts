import { create } from 'zustand';
import type { Locale } from '@turing/contract';
import { STORAGE_KEYS, storage } from '../storage/storage.ts';

export type Theme = 'light' | 'dark';

interface SettingsState {
  theme: Theme;
  locale: Locale;
  setTheme(theme: Theme): void;
  toggleTheme(): void;
  setLocale(locale: Locale): void;
}

const initialLocale = (): Locale => (storage.get<Locale>(STORAGE_KEYS.locale) === 'zh' ? 'zh' : 'en');
const initialTheme = (): Theme => (storage.get<Theme>(STORAGE_KEYS.theme) === 'dark' ? 'dark' : 'light');

/** Theme and language: chosen once, kept across visits (they never expire). */
export const useSettingsStore = create<SettingsState>((set, get) => ({
  theme: initialTheme(),
  locale: initialLocale(),
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
