import { queryOptions, useQuery } from '@tanstack/react-query';
import { designEndpoints, type DesignType } from '@turing/contract';
import { call } from '../http/client.ts';

const getDesignTags = (type: DesignType) => call(designEndpoints.tags, { query: { type } });

// The studio picks from these and the workspace names an image's tags with them: one cache for both.
const designTagsQueryOptions = (type: DesignType) =>
  queryOptions({
    queryKey: ['design', 'tags', type] as const,
    queryFn: () => getDesignTags(type),
    staleTime: 3_600_000,
  });

/** Style, material and function tags of a design type, labelled in both languages; off while `enabled` is false. */
export const useDesignTags = (type: DesignType, enabled = true) =>
  useQuery({ ...designTagsQueryOptions(type), enabled });
