import { queryOptions, useQuery } from '@tanstack/react-query';
import { creatorEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { communityKeys } from './keys.ts';

const listCreators = (limit = 8) => call(creatorEndpoints.waterfallBlogger, { query: { limit } });

const creatorsQueryOptions = () =>
  queryOptions({ queryKey: communityKeys.creators, queryFn: () => listCreators(), staleTime: 300_000 });

/** Recommended creators for the gallery. */
export const useCreators = () => useQuery(creatorsQueryOptions());
