import {
  COMMUNITY_TAG_CATEGORIES,
  LIMITS,
  SLUG_PATTERN,
  WORK_PERIODS,
  WORK_SORTS,
  type CommunityTagCategory,
} from '@turing/contract';
import type { WorkFilters } from '../api/list-works.ts';

const oneOf = <T extends string>(value: string | null, options: readonly T[], fallback: T): T =>
  options.includes(value as T) ? (value as T) : fallback;

/**
 * The gallery's filters as the URL carries them, so a filtered gallery can be shared and the back
 * button restores it. Unknown values fall back to the defaults instead of failing the request.
 */
export function readFilters(search: URLSearchParams): WorkFilters {
  const sort = oneOf(search.get('sort'), WORK_SORTS, 'latest');
  const filters: WorkFilters = { sort };
  // A period only narrows the popularity sorts; "latest" is always over everything.
  if (sort !== 'latest') filters.period = oneOf(search.get('period'), WORK_PERIODS, 'week');
  for (const category of COMMUNITY_TAG_CATEGORIES) {
    const value = search.get(category);
    if (value && SLUG_PATTERN.test(value)) filters[category] = value;
  }
  const q = search.get('q')?.trim();
  if (q) filters.q = q.slice(0, LIMITS.searchMax);
  return filters;
}

export function writeFilters(filters: WorkFilters): URLSearchParams {
  const out = new URLSearchParams();
  for (const category of COMMUNITY_TAG_CATEGORIES) {
    const value = filters[category as CommunityTagCategory];
    if (value) out.set(category, value);
  }
  if (filters.sort && filters.sort !== 'latest') {
    out.set('sort', filters.sort);
    if (filters.period) out.set('period', filters.period);
  }
  if (filters.q) out.set('q', filters.q);
  return out;
}

export const hasFilters = (f: WorkFilters) => Boolean(f.q || COMMUNITY_TAG_CATEGORIES.some((c) => f[c]));
