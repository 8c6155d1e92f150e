import type { ProjectVersion } from '@turing/contract';

/** The parameters two versions are compared on, in the order a designer reads them. */
const DIFF_KEYS = [
  'mode',
  'model',
  'prompt',
  'negativePrompt',
  'type',
  'size',
  'quality',
  'renderMode',
  'imageWeight',
  'textWeight',
  'controlStrength',
  'style',
  'material',
  'function',
  'upscale',
  'seed',
] as const;
type DiffKey = (typeof DIFF_KEYS)[number];

/** One parameter's value: text, a number, a list of tag slugs, or absent. */
export type DiffValue = string | number | string[] | null;

export interface ParamDifference {
  key: DiffKey;
  a: DiffValue;
  b: DiffValue;
}

const TAG_KEYS = new Set<DiffKey>(['style', 'material', 'function']);

function valueOf(version: ProjectVersion, key: DiffKey): DiffValue {
  if (key === 'mode') return version.mode;
  if (key === 'model') return version.model;
  if (key === 'seed') return version.seed;
  const params = version.params ?? {};
  if (key === 'prompt') return (typeof params.prompt === 'string' ? params.prompt : version.prompt)?.trim() || null;
  if (TAG_KEYS.has(key)) {
    const tags = (params.tags ?? {}) as Record<string, unknown>;
    const list = tags[key];
    const slugs = Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string') : [];
    return slugs.length ? [...slugs].sort() : null;
  }
  const raw = params[key];
  if (typeof raw === 'number' && Number.isFinite(raw)) return raw;
  if (typeof raw === 'string' && raw.trim()) return raw.trim();
  return null;
}

const same = (a: DiffValue, b: DiffValue) =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((x, i) => x === b[i]) : a === b;

/**
 * What differs between two versions' parameters: only the parameters that changed, each with both
 * values (null where one version has none, as a base image has none at all). Tags compare as sets.
 */
export function paramDifferences(a: ProjectVersion, b: ProjectVersion): ParamDifference[] {
  return DIFF_KEYS.map((key) => ({ key, a: valueOf(a, key), b: valueOf(b, key) })).filter((d) => !same(d.a, d.b));
}
