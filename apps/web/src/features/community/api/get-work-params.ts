import { communityEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

/** The parameters to open in the studio; asked for on click, never cached (the creator may hide them). */
export const getWorkParams = (id: string) => call(communityEndpoints.params, { query: { id } });
