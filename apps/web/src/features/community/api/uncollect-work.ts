import { communityEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

/** Removes from one's collection a work; idempotent, answers the new counts. */
export const uncollectWork = (id: string) => call(communityEndpoints.uncollect, { body: { id } });
