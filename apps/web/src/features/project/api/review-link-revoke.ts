import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { reviewLinksQueryKey } from './review-links.ts';

const revokeReviewLink = (id: string) => call(projectEndpoints.reviewLinkRevoke, { body: { id } });

/** Revokes a review link: it and the image addresses it handed out stop working at once. */
export function useRevokeReviewLink(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeReviewLink,
    onSuccess: () => client.invalidateQueries({ queryKey: reviewLinksQueryKey(projectId) }),
  });
}
