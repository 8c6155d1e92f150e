// One small module per flag, so the country button can show its flag without the whole set.
const svgs = import.meta.glob<string>('country-flag-svg/*.svg', { query: '?raw', import: 'default' });

const loaders = new Map(Object.entries(svgs).map(([file, load]) => [/([\w-]+)\.svg$/.exec(file)?.[1] ?? file, load]));

/** The SVG source of one country's flag (ISO code), or undefined when the set has none. */
export function loadFlagSvg(code: string): Promise<string | undefined> {
  return loaders.get(code)?.() ?? Promise.resolve(undefined);
}

export const flagSvgCodes = () => [...loaders.keys()];
