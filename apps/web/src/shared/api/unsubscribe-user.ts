import { creatorEndpoints, type creatorRoutes } from '@turing/contract';
import { call } from '../http/client.ts';

/** Stops following a user. */
export const unsubscribeUser = (userId: string) =>
  call<typeof creatorRoutes.unsubscribe>(creatorEndpoints.unsubscribe, { query: { userId } });
