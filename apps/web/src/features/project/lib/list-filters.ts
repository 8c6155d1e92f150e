import { create } from 'zustand';
import { PROJECT_LIMITS, type Model, type TaskMode } from '@turing/contract';
import type { ProjectListFilters } from '../api/project-keys.ts';

/** A day the date range picker gives (a dayjs value; only its formatting is used here). */
interface PickedDay {
  format(pattern: string): string;
}

/** What the projects list's toolbar holds. */
export interface ProjectFilterState {
  q: string;
  whose: 'all' | 'own' | 'shared';
  sort: 'updated' | 'created' | 'name';
  mode: TaskMode | null;
  model: Model | null;
  days: [PickedDay | null, PickedDay | null] | null;
}

export const DEFAULT_FILTERS: ProjectFilterState = {
  q: '',
  whose: 'all',
  sort: 'updated',
  mode: null,
  model: null,
  days: null,
};

/**
 * The list's query from the toolbar: words trimmed and cut to what the server takes, empty choices
 * left out (so an untouched toolbar and a cleared one ask the same, cached, question), days as
 * YYYY-MM-DD.
 */
export function toListQuery(f: ProjectFilterState): ProjectListFilters {
  const q = f.q.trim().slice(0, PROJECT_LIMITS.searchMax);
  const from = f.days?.[0]?.format('YYYY-MM-DD');
  const to = f.days?.[1]?.format('YYYY-MM-DD');
  return {
    sort: f.sort,
    whose: f.whose,
    ...(q && { q }),
    ...(f.mode && { mode: f.mode }),
    ...(f.model && { model: f.model }),
    ...(from && { from }),
    ...(to && { to }),
  };
}

/** How many of the narrowing filters (mode, model, days) are set: the toolbar's badge. */
export function activeFilterCount(f: ProjectFilterState) {
  return [f.mode, f.model, f.days?.[0] ?? f.days?.[1]].filter(Boolean).length;
}

interface FilterStore {
  filters: ProjectFilterState;
  set(patch: Partial<ProjectFilterState>): void;
  reset(): void;
}

/** The toolbar's state for this visit: back from a project, the list is as it was left. */
export const useProjectFilters = create<FilterStore>((set) => ({
  filters: DEFAULT_FILTERS,
  set: (patch) => set((s) => ({ filters: { ...s.filters, ...patch } })),
  reset: () => set({ filters: DEFAULT_FILTERS }),
}));
