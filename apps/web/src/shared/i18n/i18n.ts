import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '@turing/contract';

type Resources = Record<Locale, Record<string, Record<string, unknown>>>;

/**
 * `common` ships with the first bundle; every other namespace (locales/<lang>/<feature>.json and the
 * contract's error messages) is fetched with the page that uses it.
 */
const commonFiles = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/common.json', {
  eager: true,
});
const featureFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  '../../locales/*/*.json',
  '!**/common.json',
]);

function buildResources(): Resources {
  const resources: Resources = { en: {}, zh: {} };
  for (const [file, mod] of Object.entries(commonFiles)) {
    const lang = /locales\/(en|zh)\//.exec(file)?.[1] as Locale | undefined;
    if (lang) resources[lang].common = mod.default;
  }
  return resources;
}

const backend = resourcesToBackend(async (lng: string, ns: string) => {
  // Error codes carry both languages in the contract, shared with the server.
  if (ns === 'errors') return (await import('./error-messages.ts')).errorMessages(lng === 'zh' ? 'zh' : 'en');
  const load = featureFiles[`../../locales/${lng}/${ns}.json`];
  if (!load) throw new Error(`no locale file ${lng}/${ns}.json`);
  return (await load()).default;
});

export function initI18n(lng: Locale) {
  if (!i18n.isInitialized) {
    void i18n
      .use(backend)
      .use(initReactI18next)
      .init({
        resources: buildResources(),
        partialBundledLanguages: true,
        lng,
        fallbackLng: 'en',
        ns: ['common'],
        defaultNS: 'common',
        interpolation: { escapeValue: false },
        returnNull: false,
        initAsync: false,
      });
  } else if (i18n.language !== lng) {
    void i18n.changeLanguage(lng);
  }
  return i18n;
}

/** Loads feature namespaces before a page renders, so it never shows raw keys. */
export const loadNamespaces = (namespaces: string[]) => i18n.loadNamespaces(namespaces);

export { i18n };
