import { queryOptions, useQuery } from '@tanstack/react-query';
import { reviewEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

/** What a guest sends: the link's token (from the page's address after `#`) and its password, if any. */
export interface ReviewPass {
  token: string;
  password?: string;
}

const openReview = (pass: ReviewPass) => call(reviewEndpoints.reviewOpen, { body: pass });

/** The guest's copy of the project; the password is part of the key, so a new one is a new try. */
export const reviewQueryKey = (pass: ReviewPass) => ['review', pass.token, pass.password ?? null] as const;

/** Image addresses live about an hour: fetched again well before that while the page stays open. */
const REFRESH_MS = 30 * 60_000;

const reviewQueryOptions = (pass: ReviewPass) =>
  queryOptions({
    queryKey: reviewQueryKey(pass),
    queryFn: () => openReview(pass),
    // Each try with a password counts against the link's limit: never repeated behind the guest's back.
    retry: false,
    staleTime: REFRESH_MS,
    refetchInterval: REFRESH_MS,
  });

/** The project as a review link shows it: its name, its views' current images and their comments. */
export const useReview = (pass: ReviewPass, enabled = true) => useQuery({ ...reviewQueryOptions(pass), enabled });
