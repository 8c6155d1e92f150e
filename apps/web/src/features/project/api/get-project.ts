import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { projectKeys } from './project-keys.ts';

const getProject = (id: string) => call(projectEndpoints.project, { query: { id } });

const projectQueryOptions = (id: string) =>
  queryOptions({ queryKey: projectKeys.detail(id), queryFn: () => getProject(id) });

/** One project with its views and their current versions; off while `id` is null. */
export const useProject = (id: string | null) => useQuery({ ...projectQueryOptions(id ?? ''), enabled: Boolean(id) });
