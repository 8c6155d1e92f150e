import { creatorEndpoints } from '@turing/contract';
import { call } from '../http/client.ts';

/** Follows a user (the spec's GET with query params; the client sends the app header). */
export const subscribeUser = (userId: string) => call(creatorEndpoints.subscribe, { query: { userId } });
