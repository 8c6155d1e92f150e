/**
 * Country flags drawn as SVG (from country-flag-icons) rather than emoji, which Windows shows as two
 * letters. None of it is in a page's first download: the whole set loads when the country list first
 * opens, and a single flag when the button needs one before that.
 */
const urls = new Map<string, string>();
const listeners = new Set<() => void>();
const pending = new Map<string, Promise<void>>();
let version = 0;
let all: Promise<void> | null = null;

const toDataUrl = (svg: string) => `data:image/svg+xml,${encodeURIComponent(svg)}`;

function publish(entries: Iterable<[string, string]>) {
  for (const [code, svg] of entries) urls.set(code, toDataUrl(svg));
  version += 1;
  for (const notify of listeners) notify();
}

export function loadAllFlags(): Promise<void> {
  all ??= import('country-flag-icons/string/3x2').then(
    (flags) => publish(Object.entries(flags)),
    () => {
      // Offline or mid-deploy: keep the text fallback and try again on the next opening.
      all = null;
    },
  );
  return all;
}

export function loadFlag(code: string): Promise<void> {
  if (urls.has(code)) return Promise.resolve();
  const started = pending.get(code);
  if (started) return started;
  const load = import('./flag-loaders.ts')
    .then((m) => m.loadFlagSvg(code))
    .then(
      (svg) => {
        if (svg) publish([[code, svg]]);
      },
      // The ISO code stays in place of the flag; the next mount tries again.
      () => undefined,
    )
    .finally(() => pending.delete(code));
  pending.set(code, load);
  return load;
}

/** The flag as an image URL, once loaded. */
export const flagUrl = (code: string): string | undefined => urls.get(code);

export const flagsVersion = () => version;

export function subscribeFlags(notify: () => void) {
  listeners.add(notify);
  return () => {
    listeners.delete(notify);
  };
}
