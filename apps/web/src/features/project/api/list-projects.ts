import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { projectEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { projectKeys, type ProjectListFilters } from './project-keys.ts';

/** Search, filters and sort of the projects list (everything of its query but the page). */

/** Projects a page: two rows of cards on a wide screen, more as the list scrolls. */
const PROJECTS_PAGE = 24;

const listProjects = (filters: ProjectListFilters, cursor?: string) =>
  call(projectEndpoints.projects, { query: { ...filters, limit: PROJECTS_PAGE, ...(cursor && { cursor }) } });

const projectsQueryOptions = (filters: ProjectListFilters) =>
  infiniteQueryOptions({
    queryKey: projectKeys.list(filters),
    queryFn: ({ pageParam }) => listProjects(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The projects the user owns or works on, searched, filtered and sorted, a page at a time. */
export const useProjects = (filters: ProjectListFilters, enabled = true) =>
  useInfiniteQuery({ ...projectsQueryOptions(filters), enabled });
