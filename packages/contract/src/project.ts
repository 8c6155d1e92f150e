import { z } from 'zod';
import { DESIGN_TYPES, MODELS, TASK_MODES } from './design.constants.ts';
import { textField } from './fields.ts';
import { SLUG_PATTERN } from './limits.ts';
import { pageQuery } from './paging.ts';
import { thumbSet } from './upload.ts';

/** How members take part: viewers look, commenters also pin comments, editors also generate and edit. */
export const PROJECT_ROLES = ['viewer', 'commenter', 'editor'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];
/** The caller's access to a project: a member's role, or the owner's. */
export const PROJECT_ACCESS = ['owner', ...PROJECT_ROLES] as const;
export type ProjectAccess = (typeof PROJECT_ACCESS)[number];

export const PROJECT_LIMITS = {
  nameMax: 60,
  noteMax: 1000,
  viewNameMax: 40,
  projectsPerUser: 200,
  /** New projects a user may make in an hour. */
  createsPerHour: 60,
  viewsPerProject: 24,
  /** Images of one view (base images and results); the version tree shows them all. */
  versionsPerView: 1000,
  membersPerProject: 50,
  reviewLinksPerProject: 20,
  commentMax: 1000,
  commentsPerProject: 5000,
  guestNameMax: 40,
  reviewPasswordMin: 4,
  reviewPasswordMax: 64,
  styleWordsMax: 300,
  searchMax: 60,
} as const;

/** Field rules the routes share (project.routes.ts). */
export const projectId = z.uuid('PROJECT_NOT_FOUND');
export const viewId = z.uuid('VIEW_NOT_FOUND');
export const imageId = z.uuid('IMAGE_NOT_FOUND');
const projectName = textField(PROJECT_LIMITS.nameMax, 'PROJECT_NAME_REQUIRED').pipe(
  z.string().min(1, 'PROJECT_NAME_REQUIRED'),
);
const viewName = textField(PROJECT_LIMITS.viewNameMax, 'VIEW_NAME_REQUIRED').pipe(
  z.string().min(1, 'VIEW_NAME_REQUIRED'),
);
/** The project and view name rules, for the web's forms. */
export const projectNameField = projectName;
export const viewNameField = viewName;
const slugs = z.array(z.string().regex(SLUG_PATTERN, 'VALIDATION')).max(12, 'VALIDATION');

/**
 * A project's look, applied to every task made in it unless turned off: a reference image, style
 * words, style and material tags and a seed policy (`fixed` gives every view the same seed).
 */
export const projectStyle = z
  .object({
    referenceImageId: imageId.nullable().default(null),
    words: textField(PROJECT_LIMITS.styleWordsMax).default(''),
    styleTags: slugs.default([]),
    materialTags: slugs.default([]),
    seedPolicy: z.enum(['free', 'fixed']).default('free'),
    seed: z.number().int().min(0, 'VALIDATION').max(4_294_967_295, 'VALIDATION').nullable().default(null),
  })
  .strict();
export type ProjectStyle = z.output<typeof projectStyle>;

export const personSummary = z.object({
  id: z.string(),
  nickname: z.string(),
  avatarUrl: z.string().nullable(),
});

export const projectSummary = z.object({
  id: z.string(),
  name: z.string(),
  note: z.string(),
  /** The caller's access. */
  access: z.enum(PROJECT_ACCESS),
  owner: personSummary,
  /** The cover's thumbnail: the chosen cover, else the newest current version; null when empty. */
  coverUrl: z.string().nullable(),
  viewCount: z.number().int(),
  versionCount: z.number().int(),
  memberCount: z.number().int(),
  /** Comments written since the caller last opened the project's comments (their notice in the app). */
  unreadComments: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ProjectSummary = z.infer<typeof projectSummary>;

/** One image of a view with what it came from. */
export const projectVersion = z.object({
  id: z.string(),
  viewId: z.string(),
  imageId: z.string(),
  kind: z.enum(['base', 'result']),
  url: z.string(),
  thumbUrl: z.string(),
  thumbs: thumbSet.optional(),
  width: z.number().int(),
  height: z.number().int(),
  /** The task that made it (null for a base image) and the image that task started from. */
  taskId: z.string().nullable(),
  parentImageId: z.string().nullable(),
  mode: z.enum(TASK_MODES).nullable(),
  model: z.enum(MODELS).nullable(),
  prompt: z.string().nullable(),
  /** The task's parameters, for "open in studio" and comparing two versions. */
  params: z.record(z.string(), z.unknown()).nullable(),
  seed: z.number().int().nullable(),
  /** Its download title, e.g. `living-room-v3-upscaled-x4`. */
  title: z.string(),
  starred: z.boolean(),
  isCurrent: z.boolean(),
  addedBy: personSummary.nullable(),
  createdAt: z.iso.datetime(),
});
export type ProjectVersion = z.infer<typeof projectVersion>;

export const projectView = z.object({
  id: z.string(),
  name: z.string(),
  sort: z.number().int(),
  /** The current version (the newest result until one is chosen); null for an empty view. */
  current: projectVersion.nullable(),
  versionCount: z.number().int(),
  starredCount: z.number().int(),
});
export type ProjectView = z.infer<typeof projectView>;

export const projectDetail = projectSummary.extend({
  style: projectStyle.nullable(),
  /** The thumbnail of the style's reference image (which may be no version of the project), null without one. */
  styleReferenceUrl: z.string().nullable().optional(),
  styleOn: z.boolean(),
  views: z.array(projectView),
});
export type ProjectDetail = z.infer<typeof projectDetail>;

export const projectListQuery = z.object({
  ...pageQuery.shape,
  /** Words found in the name, the note, or a version's prompt or tags. */
  q: textField(PROJECT_LIMITS.searchMax).optional(),
  /** Projects with a version made in this mode, with this model, or of this type. */
  mode: z.enum(TASK_MODES).optional(),
  model: z.enum(MODELS).optional(),
  type: z.enum(DESIGN_TYPES).optional(),
  /** Last edited on or after / before these days (YYYY-MM-DD, the caller's). */
  from: z.iso.date('VALIDATION').optional(),
  to: z.iso.date('VALIDATION').optional(),
  sort: z.enum(['updated', 'created', 'name']).default('updated'),
  /** All the caller can open, only their own, or only those shared with them. */
  whose: z.enum(['all', 'own', 'shared']).default('all'),
});

export const okAnswer = z.object({ ok: z.literal(true) });

export const projectMember = z.object({
  user: personSummary.extend({ username: z.string().nullable() }),
  role: z.enum(PROJECT_ROLES),
  createdAt: z.iso.datetime(),
});
export type ProjectMember = z.infer<typeof projectMember>;

export const projectComment = z.object({
  id: z.string(),
  viewId: z.string().nullable(),
  imageId: z.string(),
  x: z.number(),
  y: z.number(),
  body: z.string(),
  author: z.object({
    name: z.string(),
    userId: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    /** Written through a review link by someone without an account. */
    guest: z.boolean(),
  }),
  resolved: z.boolean(),
  /** The caller may delete it (its author, or the project's owner). */
  canDelete: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type ProjectComment = z.infer<typeof projectComment>;

export const pin = {
  x: z.number().min(0, 'VALIDATION').max(1, 'VALIDATION'),
  y: z.number().min(0, 'VALIDATION').max(1, 'VALIDATION'),
};
/** A comment's text: plain text (rendered as text, never as HTML), within the limit. */
export const commentBody = textField(PROJECT_LIMITS.commentMax, 'COMMENT_REQUIRED').pipe(
  z.string().min(1, 'COMMENT_REQUIRED'),
);

export const reviewLink = z.object({
  id: z.string(),
  label: z.string(),
  hasPassword: z.boolean(),
  expiresAt: z.iso.datetime().nullable(),
  revoked: z.boolean(),
  expired: z.boolean(),
  lastOpenedAt: z.iso.datetime().nullable(),
  commentCount: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type ReviewLink = z.infer<typeof reviewLink>;

export const REVIEW_LINK_EXPIRY_DAYS = [1, 7, 30, 90] as const;

/** A guest's copy of the project, through a review link: names and current versions only. */
export const reviewProject = z.object({
  name: z.string(),
  views: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      current: z
        .object({
          imageId: z.string(),
          url: z.string(),
          thumbUrl: z.string(),
          width: z.number().int(),
          height: z.number().int(),
        })
        .nullable(),
    }),
  ),
  comments: z.array(projectComment),
});
export type ReviewProject = z.infer<typeof reviewProject>;
