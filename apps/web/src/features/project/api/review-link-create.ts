import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectEndpoints, type CallBody } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { reviewLinksQueryKey } from './review-links.ts';

type ReviewLinkCreateBody = CallBody<typeof projectEndpoints.reviewLinkCreate>;

const createReviewLink = (body: ReviewLinkCreateBody) => call(projectEndpoints.reviewLinkCreate, { body });

/**
 * Makes a review link. Its token lives only in this mutation's result, in memory, until the dialog
 * lets it go: the list's cache gets the link without it, and nothing is written to the browser's storage.
 */
export function useCreateReviewLink(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createReviewLink,
    // The form shows what the server refused.
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: reviewLinksQueryKey(projectId) }),
  });
}
