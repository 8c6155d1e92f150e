import { communityEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

/** Likes a work; idempotent, answers the new counts. */
export const likeWork = (id: string) => call(communityEndpoints.like, { body: { id } });
