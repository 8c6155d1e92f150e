import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminUsersEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { adminUsersQueryKey } from './search-users.ts';

const getUserDetail = (user: string) => call(adminUsersEndpoints.detail, { query: { user } });

/** The account as the link named it (id, username, e-mail or phone). */
const userDetailQueryKey = (user: string) => [...adminUsersQueryKey, 'detail', user] as const;

const userDetailQueryOptions = (user: string) =>
  queryOptions({ queryKey: userDetailQueryKey(user), queryFn: () => getUserDetail(user), retry: false });

/** One account: profile, balance with debt and counts; idle while no account is open. */
export const useUserDetail = (user: string | null) =>
  useQuery({ ...userDetailQueryOptions(user ?? ''), enabled: user !== null });
