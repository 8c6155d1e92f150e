import { communityEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

/** Collects a work; idempotent, answers the new counts. */
export const collectWork = (id: string) => call(communityEndpoints.collect, { body: { id } });
