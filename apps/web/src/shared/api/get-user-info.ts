import { queryOptions, useQuery } from '@tanstack/react-query';
import { userEndpoints } from '@turing/contract';
import { call } from '../http/client.ts';

export const getUserInfo = () => call(userEndpoints.info);

export const userInfoQueryOptions = () =>
  queryOptions({ queryKey: ['user', 'info'], queryFn: getUserInfo, staleTime: 60_000, retry: false });

export const useUserInfo = (enabled = true) => useQuery({ ...userInfoQueryOptions(), enabled });
