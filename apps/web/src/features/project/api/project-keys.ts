import type { CallQuery, projectEndpoints } from '@turing/contract';

/** What a list of projects is asked for, paging aside. */
export type ProjectListFilters = Omit<NonNullable<CallQuery<typeof projectEndpoints.projects>>, 'cursor' | 'limit'>;

/** Query keys of projects; a change to a project refreshes `all` (its lists, page and versions). */
export const projectKeys = {
  all: ['project'] as const,
  lists: ['project', 'list'] as const,
  list: (filters: ProjectListFilters) => ['project', 'list', filters] as const,
  detail: (id: string) => ['project', 'detail', id] as const,
  versions: (viewId: string) => ['project', 'versions', viewId] as const,
  members: (projectId: string) => ['project', 'members', projectId] as const,
};
