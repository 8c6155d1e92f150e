import { communityEndpoints, type communityRoutes } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

/** Likes a work; idempotent, answers the new counts. */
export const likeWork = (id: string) => call<typeof communityRoutes.like>(communityEndpoints.like, { body: { id } });
