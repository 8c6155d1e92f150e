import { z } from 'zod';
import { communityEndpoints } from './community.endpoints.ts';
import { textField } from './fields.ts';
import { LIMITS, SLUG_PATTERN } from './limits.ts';
import { page, pageQuery } from './paging.ts';
import { route } from './route.ts';
import { thumbSet, uploadedImage } from './upload.ts';

import { COMMUNITY_TAG_CATEGORIES, REPORT_REASONS, WORK_PERIODS, WORK_SORTS } from './community.constants.ts';

export {
  COMMUNITY_TAG_CATEGORIES,
  REPORT_REASONS,
  WORK_PERIODS,
  WORK_SORTS,
  type CommunityTagCategory,
} from './community.constants.ts';

const workId = z.uuid('WORK_NOT_FOUND');
const userId = z.uuid('USER_NOT_FOUND');
const slug = z.string().regex(SLUG_PATTERN, 'VALIDATION');
const slugs = z.array(slug).max(LIMITS.tagsPerCategoryMax, 'VALIDATION').default([]);

export const communityTag = z.object({
  slug: z.string(),
  category: z.enum(COMMUNITY_TAG_CATEGORIES),
  label: z.object({ en: z.string(), zh: z.string() }),
});
export type CommunityTag = z.infer<typeof communityTag>;

export const workTags = z.object({ style: slugs, function: slugs, material: slugs, environment: slugs });
export type WorkTags = z.output<typeof workTags>;

export const creatorSummary = z.object({
  id: z.string(),
  nickname: z.string(),
  avatarUrl: z.string().nullable(),
});

/** A gallery card: enough to lay out the masonry grid (width, height) before the image loads. */
export const workCard = z.object({
  id: z.string(),
  title: z.string(),
  thumbUrl: z.string(),
  /** The thumbnail at each width, for the card's srcset. */
  thumbs: thumbSet.optional(),
  width: z.number().int(),
  height: z.number().int(),
  likeCount: z.number().int(),
  collectCount: z.number().int(),
  creator: creatorSummary,
  publishedAt: z.iso.datetime(),
  /** The caller's own toggles; false for a visitor. */
  liked: z.boolean(),
  collected: z.boolean(),
});
export type WorkCard = z.infer<typeof workCard>;

export const workDetail = workCard.extend({
  description: z.string(),
  url: z.string(),
  /** The image the work started from, for the compare slider; null for text-to-image. */
  baseImage: z.object({ url: z.string(), thumbUrl: z.string() }).nullable(),
  tags: z.array(communityTag),
  shareCount: z.number().int(),
  /** The parameters are hidden by the creator: no copy, no prompt. */
  hideParams: z.boolean(),
  /** The prompt as typed, unless hidden. */
  prompt: z.string().nullable(),
  /** Size, quality, model, type and weights, unless hidden (no image ids). */
  settings: z.record(z.string(), z.unknown()).nullable(),
  basedOn: z.object({ id: z.string(), title: z.string(), thumbUrl: z.string() }).nullable(),
  derivedCount: z.number().int(),
  creator: creatorSummary.extend({ followedByMe: z.boolean(), followers: z.number().int() }),
  /** The viewer's own work (edit, unpublish instead of follow). */
  mine: z.boolean(),
  /** published, unpublished (the owner still sees it) or hidden by an operator. */
  state: z.enum(['published', 'unpublished', 'hidden']),
});
export type WorkDetail = z.infer<typeof workDetail>;

export const workListQuery = z.object({
  ...pageQuery.shape,
  sort: z.enum(WORK_SORTS).default('latest'),
  period: z.enum(WORK_PERIODS).default('all'),
  style: slug.optional(),
  function: slug.optional(),
  material: slug.optional(),
  environment: slug.optional(),
  q: textField(LIMITS.searchMax).optional(),
  /** One creator's works (their home page). */
  userId: userId.optional(),
});
export type WorkListQuery = z.input<typeof workListQuery>;

export const publishBody = z
  .object({
    /** A result image of the caller's own (from the studio or the workspace). */
    imageId: z.uuid('UPLOAD_NOT_FOUND'),
    title: textField(LIMITS.workTitleMax, 'WORK_TITLE_REQUIRED').pipe(z.string().min(1, 'WORK_TITLE_REQUIRED')),
    description: textField(LIMITS.workDescriptionMax).default(''),
    tags: workTags.default({ style: [], function: [], material: [], environment: [] }),
    hideParams: z.boolean().default(false),
  })
  .strict();
export type PublishBody = z.input<typeof publishBody>;

export const updateWorkBody = publishBody.omit({ imageId: true }).extend({ id: workId }).strict();

export const toggleResult = z.object({
  active: z.boolean(),
  likeCount: z.number().int(),
  collectCount: z.number().int(),
});

export const banner = z.object({
  id: z.string(),
  title: z.object({ en: z.string(), zh: z.string() }),
  subtitle: z.object({ en: z.string(), zh: z.string() }),
  imageUrl: z.string(),
  link: z.string(),
});

const workQuery = z.object({ id: workId });

export const reportBody = z
  .object({
    id: workId,
    reason: z.enum(REPORT_REASONS, { error: 'VALIDATION' }),
    details: textField(LIMITS.reportDetailsMax).default(''),
  })
  .strict();

export const communityRoutes = {
  tags: route({
    ...communityEndpoints.tags,
    response: z.object({
      style: z.array(communityTag),
      function: z.array(communityTag),
      material: z.array(communityTag),
      environment: z.array(communityTag),
    }),
    summary: 'Style, function, material and environment tags of the community, in both languages',
  }),
  banners: route({ ...communityEndpoints.banners, response: z.array(banner), summary: 'Active community banners' }),
  works: route({
    ...communityEndpoints.works,
    query: workListQuery,
    response: page(workCard),
    summary:
      'Published works: filters, sort and text search; keyset-paged with the cursor frozen at the first page so new works neither repeat nor push others',
  }),
  collected: route({
    ...communityEndpoints.collected,
    query: z.object({ ...pageQuery.shape, userId: userId.optional() }),
    response: page(workCard),
    summary: 'Works a user collected (the caller when userId is left out), newest collection first',
  }),
  liked: route({
    ...communityEndpoints.liked,
    query: pageQuery,
    response: page(workCard),
    summary: 'Works the caller liked, newest like first (likes are private: no one else sees the list)',
  }),
  derived: route({
    ...communityEndpoints.derived,
    query: z.object({ ...pageQuery.shape, id: workId }),
    response: page(workCard),
    summary: 'Published works made from this one’s parameters',
  }),
  detail: route({
    ...communityEndpoints.detail,
    query: workQuery,
    response: workDetail,
    summary: 'A published work (its owner also sees it unpublished; a hidden one answers WORK_HIDDEN)',
  }),
  params: route({
    ...communityEndpoints.params,
    query: workQuery,
    response: z.object({ params: z.record(z.string(), z.unknown()), basedOnId: z.string() }),
    summary: 'The parameters to open in the studio (“copy parameters”), unless the creator hid them',
  }),
  copy: route({
    ...communityEndpoints.copy,
    body: workQuery.strict(),
    response: z.object({
      params: z.record(z.string(), z.unknown()),
      basedOnId: z.string(),
      /** The work's input images, copied into the caller's uploads (the creator's stay as they are). */
      images: z.object({
        base: uploadedImage.optional(),
        reference: uploadedImage.optional(),
        depth: uploadedImage.optional(),
        lineArt: uploadedImage.optional(),
        mask: uploadedImage.optional(),
      }),
    }),
    summary:
      'Copy parameters with their images: the parameters plus copies of the base, reference, depth, line-art and mask images in the caller’s uploads, unless the creator hid them',
  }),
  publish: route({
    ...communityEndpoints.publish,
    body: publishBody,
    response: workDetail,
    summary: 'Publishes one of the caller’s result images to the community (again: updates it)',
  }),
  update: route({
    ...communityEndpoints.update,
    body: updateWorkBody,
    response: workDetail,
    summary: 'Changes the text, tags or hide-parameters of one’s own work',
  }),
  unpublish: route({
    ...communityEndpoints.unpublish,
    body: workQuery.strict(),
    response: z.null(),
    summary: 'Takes one’s own work out of the community (the image stays in the workspace)',
  }),
  like: route({
    ...communityEndpoints.like,
    body: workQuery.strict(),
    response: toggleResult,
    summary: 'Likes a work (idempotent)',
  }),
  unlike: route({
    ...communityEndpoints.unlike,
    body: workQuery.strict(),
    response: toggleResult,
    summary: 'Removes a like (idempotent)',
  }),
  collect: route({
    ...communityEndpoints.collect,
    body: workQuery.strict(),
    response: toggleResult,
    summary: 'Collects a work (idempotent)',
  }),
  uncollect: route({
    ...communityEndpoints.uncollect,
    body: workQuery.strict(),
    response: toggleResult,
    summary: 'Removes a collection (idempotent)',
  }),
  share: route({
    ...communityEndpoints.share,
    body: workQuery.strict(),
    response: z.object({ url: z.string(), shareCount: z.number().int() }),
    summary: 'The public link of a work (built from PUBLIC_URL); counts the share',
  }),
  report: route({
    ...communityEndpoints.report,
    body: reportBody,
    response: z.null(),
    summary: 'Reports a work to the operators',
  }),
};
