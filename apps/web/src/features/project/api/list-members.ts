import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { projectKeys } from './project-keys.ts';

const listMembers = (projectId: string) => call(projectEndpoints.members, { query: { projectId } });

const membersQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: projectKeys.members(projectId), queryFn: () => listMembers(projectId) });

/** The project's owner and members with their roles; off while `projectId` is null. */
export const useMembers = (projectId: string | null) =>
  useQuery({ ...membersQueryOptions(projectId ?? ''), enabled: Boolean(projectId) });
