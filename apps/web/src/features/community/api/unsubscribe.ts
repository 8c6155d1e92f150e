import { creatorEndpoints, type creatorRoutes } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

/** Stops following a user. */
export const unsubscribe = (userId: string) =>
  call<typeof creatorRoutes.unsubscribe>(creatorEndpoints.unsubscribe, { query: { userId } });
