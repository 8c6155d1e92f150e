import { queryOptions, useQuery } from '@tanstack/react-query';
import { communityEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { communityKeys } from './keys.ts';

const getCommunityTags = () => call(communityEndpoints.tags);

const communityTagsQueryOptions = () =>
  queryOptions({ queryKey: communityKeys.tags, queryFn: getCommunityTags, staleTime: 3_600_000 });

/** Style, function, material and environment tags, each with its English and Chinese label. */
export const useCommunityTags = () => useQuery(communityTagsQueryOptions());
