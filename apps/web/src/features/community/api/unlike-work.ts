import { communityEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

/** Removes a like from a work; idempotent, answers the new counts. */
export const unlikeWork = (id: string) => call(communityEndpoints.unlike, { body: { id } });
