import { queryOptions, useQuery } from '@tanstack/react-query';
import { designEndpoints, type DesignType, type designRoutes } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

export const getTags = (type: DesignType) => call<typeof designRoutes.tags>(designEndpoints.tags, { query: { type } });

export const tagsQueryOptions = (type: DesignType) =>
  queryOptions({ queryKey: ['design', 'tags', type], queryFn: () => getTags(type), staleTime: 3_600_000 });

export const useTags = (type: DesignType) => useQuery(tagsQueryOptions(type));
