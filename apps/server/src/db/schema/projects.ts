import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ProjectRole, ProjectStyle } from '@turing/contract';
import { uploads } from './uploads.ts';
import { users } from './users.ts';

/**
 * A design project: its views, their versions, its look and who works on it. Nothing of a project is
 * public; its members and review links see it, and a work is published from one of its images alone.
 */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The client, the site, the brief: whatever the owner wants to keep with it. */
    note: text('note').notNull().default(''),
    coverImageId: uuid('cover_image_id').references(() => uploads.id, { onDelete: 'set null' }),
    /** The look every task in the project is made with unless `styleOn` is off. */
    style: jsonb('style').$type<ProjectStyle>(),
    styleOn: boolean('style_on').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last edit: renamed, a view or version added, a version made current. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('projects_owner_idx').on(t.ownerId, t.updatedAt, t.id),
    // Whether an image is still used (the sweep, a workspace deletion, an editor's image) asks these.
    index('projects_cover_idx').on(t.coverImageId),
    index('projects_style_reference_idx').on(sql`(${t.style}->>'referenceImageId')`),
  ],
);
export type ProjectRow = typeof projects.$inferSelect;

/** One view of a project ("Street elevation", "Living room"): its base images and its chain of results. */
export const projectViews = pgTable(
  'project_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    /** The version shown for the view (boards and review links show this one). */
    currentImageId: uuid('current_image_id').references(() => uploads.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('project_views_project_idx').on(t.projectId, t.sort)],
);
export type ProjectViewRow = typeof projectViews.$inferSelect;

/**
 * An image of a view: a base image (sketch, white model, photo) or a result, with what it came from.
 * Results of a task made in a view are added when the task completes; `parentImageId` is the image the
 * task started from (its base image), which makes the view's version tree.
 */
export const projectVersions = pgTable(
  'project_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    viewId: uuid('view_id')
      .notNull()
      .references(() => projectViews.id, { onDelete: 'cascade' }),
    imageId: uuid('image_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'base' | 'result'>().notNull(),
    taskId: uuid('task_id'),
    parentImageId: uuid('parent_image_id'),
    /** Who made or added it (a member's results are theirs). */
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    starred: boolean('starred').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('project_versions_view_image_idx').on(t.viewId, t.imageId),
    index('project_versions_project_idx').on(t.projectId, t.createdAt),
    index('project_versions_image_idx').on(t.imageId),
  ],
);
export type ProjectVersionRow = typeof projectVersions.$inferSelect;

/** Who else works on a project, and how: viewer, commenter or editor (the owner is not a member row). */
export const projectMembers = pgTable(
  'project_members',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<ProjectRole>().notNull(),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_members_user_idx').on(t.userId)],
);
export type ProjectMemberRow = typeof projectMembers.$inferSelect;

/**
 * A link that shows a project's current versions to someone without an account. Only the SHA-256 of
 * its token is kept (the token is shown once); a password is kept as an argon2id hash.
 */
export const projectReviewLinks = pgTable(
  'project_review_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    label: text('label').notNull().default(''),
    passwordHash: text('password_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('project_review_links_token_idx').on(t.tokenHash),
    index('project_review_links_project_idx').on(t.projectId, t.createdAt),
  ],
);
export type ProjectReviewLinkRow = typeof projectReviewLinks.$inferSelect;

/**
 * A comment pinned to a point of an image of a project (x, y: fractions of its width and height), by a
 * member or by a visitor of a review link (who gives a name).
 */
export const projectComments = pgTable(
  'project_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    viewId: uuid('view_id').references(() => projectViews.id, { onDelete: 'cascade' }),
    imageId: uuid('image_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    reviewLinkId: uuid('review_link_id').references(() => projectReviewLinks.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('project_comments_project_idx').on(t.projectId, t.createdAt, t.id),
    index('project_comments_image_idx').on(t.imageId),
    check('project_comments_pin', sql`${t.x} >= 0 and ${t.x} <= 1 and ${t.y} >= 0 and ${t.y} <= 1`),
  ],
);
export type ProjectCommentRow = typeof projectComments.$inferSelect;

/**
 * The studio's draft of one page (mode) per user and project (`scope`: the project's id, or `none`),
 * so another browser continues where the user stopped. `rev` grows with every save: a save based on an
 * older rev is a conflict (another tab saved since), answered with the newer draft.
 */
export const studioDrafts = pgTable(
  'studio_drafts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    mode: text('mode').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    rev: integer('rev').notNull().default(1),
    /** When the browser that saved it last edited it: of two conflicting saves the newer edit is kept. */
    editedAt: timestamp('edited_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope, t.mode] })],
);
export type StudioDraftRow = typeof studioDrafts.$inferSelect;

/** When a user last read a project's comments: the newer ones are their unread notice in the app. */
export const projectReads = pgTable(
  'project_reads',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    commentsSeenAt: timestamp('comments_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] })],
);
