import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reviewEndpoints, type ReviewProject } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { reviewQueryKey, type ReviewPass } from './review-open.ts';

interface GuestComment {
  imageId: string;
  x: number;
  y: number;
  body: string;
  name: string;
}

const commentAsGuest = ({ pass, comment }: { pass: ReviewPass; comment: GuestComment }) =>
  call(reviewEndpoints.reviewComment, { body: { ...pass, ...comment } });

/** Pins a guest's comment through a review link; it joins the page's comments at once. */
export function useGuestComment(pass: ReviewPass) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: commentAsGuest,
    // The form shows what the server refused.
    meta: { silent: true },
    onSuccess(made) {
      client.setQueryData<ReviewProject>(
        reviewQueryKey(pass),
        (data) => data && { ...data, comments: [...data.comments, made] },
      );
    },
  });
}
