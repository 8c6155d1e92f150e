import { useEffect, useSyncExternalStore } from 'react';
import { flagUrl, flagsVersion, loadAllFlags, loadFlag, subscribeFlags } from './flag-store.ts';

/** One country's flag, loading it on its own if the whole set is not there yet. */
export function useFlagUrl(code: string | undefined) {
  const url = useSyncExternalStore(subscribeFlags, () => (code ? flagUrl(code) : undefined));
  useEffect(() => {
    if (code) void loadFlag(code);
  }, [code]);
  return url;
}

/** Loads every flag; the component re-renders as they arrive and reads them with `flagUrl`. */
export function useAllFlags() {
  useSyncExternalStore(subscribeFlags, flagsVersion);
  useEffect(() => {
    void loadAllFlags();
  }, []);
}

/** Decorative: the country's name is always written next to it. The ISO code stands in while it loads. */
export function CountryFlag({ code, url }: { code: string; url: string | undefined }) {
  return url ? (
    <img className="phone-input__flag" src={url} alt="" aria-hidden="true" width={21} height={14} draggable={false} />
  ) : (
    <span className="phone-input__flag phone-input__flag--text" aria-hidden="true">
      {code}
    </span>
  );
}
