import { creatorEndpoints } from '@turing/contract';
import { call } from '../http/client.ts';

/** Stops following a user. */
export const unsubscribeUser = (userId: string) => call(creatorEndpoints.unsubscribe, { query: { userId } });
