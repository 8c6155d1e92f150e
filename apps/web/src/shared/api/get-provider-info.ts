import { queryOptions, useQuery } from '@tanstack/react-query';
import { authEndpoints } from '@turing/contract';
import { call } from '../http/client.ts';

/** Whether Google and WeChat sign-in are configured; used by the login page and the profile page. */
const getGoogleInfo = () => call(authEndpoints.googleInfo);
const getWechatInfo = () => call(authEndpoints.wechatInfo);

const googleInfoQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'google-info'], queryFn: getGoogleInfo, staleTime: 5 * 60_000 });
const wechatInfoQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'wechat-info'], queryFn: getWechatInfo, staleTime: 5 * 60_000 });

export const useGoogleInfo = () => useQuery(googleInfoQueryOptions());
export const useWechatInfo = () => useQuery(wechatInfoQueryOptions());
