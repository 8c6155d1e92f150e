import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { buildCountryList, toCountryCode, type CountryCode, type CountryList } from './country-list.ts';

interface Options {
  locale: string;
  defaultCountry?: string;
  preferredCountries?: readonly string[];
  onlyCountries?: readonly string[];
  ignoredCountries?: readonly string[];
  lookupCountry?: () => Promise<string>;
}

const SEP = ',';
const split = (key: string) => (key ? key.split(SEP) : undefined);

/**
 * The country list and the country to start from: `defaultCountry`, else the first preferred, else
 * the first of `onlyCountries`, else the lookup (when given), else the first country in the list.
 */
export function useCountryList(options: Options) {
  const { locale, defaultCountry, lookupCountry } = options;
  // Callers usually pass inline arrays; keying on their contents keeps the list from rebuilding each render.
  const preferredKey = options.preferredCountries?.join(SEP) ?? '';
  const onlyKey = options.onlyCountries?.join(SEP) ?? '';
  const ignoredKey = options.ignoredCountries?.join(SEP) ?? '';

  const list: CountryList = useMemo(
    () =>
      buildCountryList({ locale, preferred: split(preferredKey), only: split(onlyKey), ignored: split(ignoredKey) }),
    [locale, preferredKey, onlyKey, ignoredKey],
  );
  const allowed = useMemo(() => new Set(list.all.map((c) => c.code)), [list]);

  const configured =
    toCountryCode(defaultCountry, allowed) ??
    list.preferred[0]?.code ??
    split(onlyKey)
      ?.map((c) => toCountryCode(c, allowed))
      .find((c) => c !== undefined);
  const wantsLookup = !configured && lookupCountry !== undefined;

  // null until the lookup settles; then the country it gave, if usable.
  const [lookup, setLookup] = useState<{ country?: CountryCode } | null>(null);
  const runLookup = useEffectEvent(() => lookupCountry?.());
  const settleLookup = useEffectEvent((raw: unknown) => {
    setLookup({ country: typeof raw === 'string' ? toCountryCode(raw, allowed) : undefined });
  });

  useEffect(() => {
    if (!wantsLookup) return;
    let live = true;
    // Started from a resolved promise so a lookup that throws synchronously fails like a rejection.
    void Promise.resolve()
      .then(() => runLookup())
      .then(
        (raw) => live && settleLookup(raw),
        () => live && settleLookup(undefined),
      );
    return () => {
      live = false;
    };
  }, [wantsLookup]);

  return {
    list,
    initialCountry: configured ?? (wantsLookup ? lookup?.country : undefined) ?? list.all[0]?.code,
    lookingUp: wantsLookup && lookup === null,
    lookupFailed: wantsLookup && lookup !== null && !lookup.country,
  };
}
