import { queryOptions, useQuery } from '@tanstack/react-query';
import { creatorEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { ownKeys } from './own-keys.ts';

const getUserHome = (userId?: string) => call(creatorEndpoints.home, { query: { userId } });

const userHomeQueryOptions = (userId?: string) =>
  queryOptions({
    queryKey: ownKeys.home(userId ?? 'me'),
    queryFn: () => getUserHome(userId),
    // An unknown user stays unknown: asking again only delays the not-found state.
    retry: false,
  });

/** A user's home page header (the caller's own without an id); off while `enabled` is false. */
export const useUserHome = (userId: string | undefined, enabled = true) =>
  useQuery({ ...userHomeQueryOptions(userId), enabled });
