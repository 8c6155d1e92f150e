// The community vocabulary as plain values, apart from the schemas: the gallery's filter bar and the
// report form list the options without loading zod.
export const COMMUNITY_TAG_CATEGORIES = ['style', 'function', 'material', 'environment'] as const;
export type CommunityTagCategory = (typeof COMMUNITY_TAG_CATEGORIES)[number];
export const WORK_SORTS = ['latest', 'likes', 'collections'] as const;
/** The window a popularity sort looks at: works published within it. */
export const WORK_PERIODS = ['day', 'week', 'month', 'year', 'all'] as const;
export const REPORT_REASONS = ['spam', 'inappropriate', 'copyright', 'other'] as const;
