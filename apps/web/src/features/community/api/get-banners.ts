import { queryOptions, useQuery } from '@tanstack/react-query';
import { communityEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { communityKeys } from './keys.ts';

const getBanners = () => call(communityEndpoints.banners);

const bannersQueryOptions = () =>
  queryOptions({ queryKey: communityKeys.banners, queryFn: getBanners, staleTime: 600_000 });

export const useBanners = () => useQuery(bannersQueryOptions());
