import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

const listComments = (projectId: string) => call(projectEndpoints.comments, { query: { projectId } });

/** The comments of a project (under the project's key, so a change to the project refreshes them too). */
export const commentsQueryKey = (projectId: string) => ['project', 'comments', projectId] as const;

const commentsQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: commentsQueryKey(projectId), queryFn: () => listComments(projectId) });

/**
 * Every comment of a project, oldest first; each image's are picked from them. Reading them is what
 * clears the project's unread notice for the caller (the server marks them read).
 */
export const useComments = (projectId: string) => useQuery(commentsQueryOptions(projectId));
