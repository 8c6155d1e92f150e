import { queryOptions, useQuery } from '@tanstack/react-query';
import { contentAdminEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

const listBanners = () => call(contentAdminEndpoints.banners);

export const bannersQueryKey = ['admin', 'content', 'banners'] as const;

const bannersQueryOptions = () => queryOptions({ queryKey: bannersQueryKey, queryFn: listBanners });

/** Every banner in carousel order, with its status now. */
export const useBanners = () => useQuery(bannersQueryOptions());
