/** Where the phone field's country starts when no IP lookup is configured. */
const FALLBACK = 'US';

/**
 * The phone field's first country: China for the Chinese interface; otherwise the region the
 * browser's languages name (en-GB → GB, en-US → US), else the United States.
 */
export function defaultPhoneCountry(
  uiLanguage: string,
  browserLanguages: readonly string[] = globalThis.navigator?.languages ?? [],
): string {
  if (uiLanguage.toLowerCase().startsWith('zh')) return 'CN';
  for (const tag of browserLanguages) {
    try {
      const region = new Intl.Locale(tag).maximize().region;
      // Only a country: "es-419" names Latin America, which has no dial code.
      if (region && /^[A-Z]{2}$/.test(region)) return region;
    } catch {
      // Not a language tag: try the next one.
    }
  }
  return FALLBACK;
}

/** The countries listed first: the default, then the ones most visitors come from. */
export const preferredPhoneCountries = (first: string) => [...new Set([first, 'CN', 'US', 'GB', 'SG'])];
