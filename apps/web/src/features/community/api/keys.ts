import type { WorkListQuery } from '@turing/contract';

/** Query keys of the community, in one place so a toggle can patch every cached copy of a work. */
export const communityKeys = {
  all: ['community'] as const,
  tags: ['community', 'tags'] as const,
  banners: ['community', 'banners'] as const,
  works: ['community', 'works'] as const,
  workList: (filters: Omit<WorkListQuery, 'cursor' | 'limit'>) => ['community', 'works', filters] as const,
  derived: (id: string) => ['community', 'derived', id] as const,
  detail: (id: string) => ['community', 'detail', id] as const,
  creators: ['community', 'creators'] as const,
};
