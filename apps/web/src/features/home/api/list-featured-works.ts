import { queryOptions, useQuery } from '@tanstack/react-query';
import { communityEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

export const FEATURED_LIMIT = 8;

const listFeaturedWorks = () =>
  call(communityEndpoints.works, {
    query: { sort: 'likes', period: 'all', limit: FEATURED_LIMIT },
  });

const featuredWorksQueryOptions = () =>
  queryOptions({
    queryKey: ['home', 'featured-works'] as const,
    queryFn: listFeaturedWorks,
    // The most liked works change slowly; a visit back to the homepage need not ask again.
    staleTime: 5 * 60_000,
  });

/** The community's most liked published works, for the homepage. */
export const useFeaturedWorks = () => useQuery(featuredWorksQueryOptions());
