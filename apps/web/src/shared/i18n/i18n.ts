import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ERRORS, type Locale } from '@turing/contract';

export const LOCALES = ['en', 'zh'] as const satisfies readonly Locale[];

type Resources = Record<Locale, Record<string, Record<string, unknown>>>;

/** Every locales/<lang>/<namespace>.json, bundled at build time. */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json', { eager: true });

export function buildResources(): Resources {
  const resources: Resources = { en: {}, zh: {} };
  for (const [file, mod] of Object.entries(files)) {
    const match = /locales\/(en|zh)\/([\w-]+)\.json$/.exec(file);
    if (match) resources[match[1] as Locale][match[2]!] = mod.default;
  }
  // Error codes carry both languages in the contract, shared with the server.
  for (const lang of LOCALES) {
    resources[lang].errors = Object.fromEntries(
      Object.entries(ERRORS).map(([code, def]) => [code, def[lang].replace(/\{(\w+)\}/g, '{{$1}}')]),
    );
  }
  return resources;
}

export function initI18n(lng: Locale) {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: buildResources(),
      lng,
      fallbackLng: 'en',
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  } else if (i18n.language !== lng) {
    void i18n.changeLanguage(lng);
  }
  return i18n;
}

export { i18n };
