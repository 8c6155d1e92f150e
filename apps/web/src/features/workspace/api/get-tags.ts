import { queryOptions, useQuery } from '@tanstack/react-query';
import { designEndpoints, type DesignType, type designRoutes } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

export const getTags = (type: DesignType) => call<typeof designRoutes.tags>(designEndpoints.tags, { query: { type } });

export const tagsQueryOptions = (type: DesignType) =>
  queryOptions({ queryKey: ['workspace', 'tags', type] as const, queryFn: () => getTags(type), staleTime: Infinity });

/** Tag labels in both languages, to name the tags an image was made with. */
export const useTags = (type: DesignType, enabled: boolean) => useQuery({ ...tagsQueryOptions(type), enabled });
