import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { WorkFilters } from '../api/list-works.ts';
import { readFilters, writeFilters } from '../lib/gallery-filters.ts';

/** The gallery's filters, kept in the URL query (shareable, and the back button restores them). */
export function useGalleryFilters() {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the query string is the identity
  const filters = useMemo(() => readFilters(search), [key]);
  const setFilters = useCallback(
    (next: WorkFilters, opts?: { replace?: boolean }) =>
      setSearch(writeFilters(next), { replace: opts?.replace ?? false, preventScrollReset: true }),
    [setSearch],
  );
  return { filters, setFilters };
}
