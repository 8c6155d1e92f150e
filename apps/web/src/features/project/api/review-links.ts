import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

const listReviewLinks = (projectId: string) => call(projectEndpoints.reviewLinks, { query: { projectId } });

/** The review links of a project (under the project's key: a change to the project refreshes them too). */
export const reviewLinksQueryKey = (projectId: string) => ['project', 'review-links', projectId] as const;

const reviewLinksQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: reviewLinksQueryKey(projectId), queryFn: () => listReviewLinks(projectId) });

/** A project's review links, newest first (the owner's only); off while `enabled` is false. */
export const useReviewLinks = (projectId: string, enabled = true) =>
  useQuery({ ...reviewLinksQueryOptions(projectId), enabled });
