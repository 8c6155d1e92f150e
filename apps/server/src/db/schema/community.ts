import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  boolean,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { uploads } from './uploads.ts';
import { users } from './users.ts';

/**
 * A published community work: one result image with its text, tags and a copy of the parameters
 * it was made with. Counters are changed in the same statement as the rows they count.
 * state: published (public), unpublished (owner only) or hidden (by an operator; says so).
 */
export const works = pgTable(
  'works',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    /** The image the task started from (iterate / edit), shown with a compare slider. */
    baseUploadId: uuid('base_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    taskId: uuid('task_id'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** 'category:slug' entries, e.g. 'style:modern', 'environment:urban'. */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The task's parameters as submitted, for "copy parameters". */
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    prompt: text('prompt').notNull().default(''),
    hideParams: boolean('hide_params').notNull().default(false),
    /** The work whose parameters this one was made from ("based on"). */
    basedOnId: uuid('based_on_id'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    state: text('state').notNull().default('published'),
    likeCount: integer('like_count').notNull().default(0),
    collectCount: integer('collect_count').notNull().default(0),
    shareCount: integer('share_count').notNull().default(0),
    hiddenReason: text('hidden_reason'),
    /** The operator who hid the work (a username, or "admin token"), and when. */
    hiddenBy: text('hidden_by'),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** The state the work had before it was hidden: restoring brings that back (an unpublished work stays private). */
    hiddenFrom: text('hidden_from'),
    /**
     * Signed in every link handed out for the work's images: taking the work out or hiding it
     * counts it up, and the links given out before stop working at once.
     */
    linkVersion: integer('link_version').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('works_latest_idx')
      .on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.state} = 'published'`),
    index('works_likes_idx')
      .on(t.likeCount.desc().nullsFirst(), t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.state} = 'published'`),
    index('works_collects_idx')
      .on(t.collectCount.desc().nullsFirst(), t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.state} = 'published'`),
    index('works_user_idx').on(t.userId, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('works_tags_idx').using('gin', t.tags),
    index('works_based_on_idx').on(t.basedOnId),
    // Deleting an upload sets this to null: without the index that scans every work.
    index('works_base_upload_idx')
      .on(t.baseUploadId)
      .where(sql`${t.baseUploadId} is not null`),
    uniqueIndex('works_upload_idx').on(t.uploadId),
    check('works_counts_non_negative', sql`${t.likeCount} >= 0 and ${t.collectCount} >= 0`),
  ],
);
export type WorkRow = typeof works.$inferSelect;

export const workLikes = pgTable(
  'work_likes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workId: uuid('work_id')
      .notNull()
      .references(() => works.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.workId] }),
    index('work_likes_work_idx').on(t.workId),
    // The user's own Likes tab, newest first.
    index('work_likes_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

export const workCollections = pgTable(
  'work_collections',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workId: uuid('work_id')
      .notNull()
      .references(() => works.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.workId] }),
    index('work_collections_work_idx').on(t.workId),
    index('work_collections_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

export const follows = pgTable(
  'follows',
  {
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: uuid('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index('follows_followee_idx').on(t.followeeId, t.createdAt.desc().nullsFirst()),
    index('follows_follower_idx').on(t.followerId, t.createdAt.desc().nullsFirst()),
    check('follows_not_self', sql`${t.followerId} <> ${t.followeeId}`),
  ],
);

/** Public counters of a user, kept in step with the rows they count in the same statement. */
export const userStats = pgTable(
  'user_stats',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    followers: integer('followers').notNull().default(0),
    following: integer('following').notNull().default(0),
    works: integer('works').notNull().default(0),
    likesReceived: integer('likes_received').notNull().default(0),
    collectsReceived: integer('collects_received').notNull().default(0),
  },
  (t) => [index('user_stats_followers_idx').on(t.followers.desc().nullsFirst())],
);

/** Unlocked once: the primary key makes a second unlock a no-op. */
export const userAchievements = pgTable(
  'user_achievements',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] })],
);

export const workReports = pgTable(
  'work_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workId: uuid('work_id')
      .notNull()
      .references(() => works.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Who reported, for one open report per reporter and work: `user:<id>` for a signed-in
     * reporter, `ip:<hash>` for an anonymous one (the address itself is not kept).
     */
    reporterKey: text('reporter_key'),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('work_reports_status_idx').on(t.status, t.createdAt),
    uniqueIndex('work_reports_open_idx')
      .on(t.workId, t.reporterKey)
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * Shares counted: one per sharer (`user:<id>` or `ip:<hash>`, as for reports) per work per day,
 * so the share counter cannot be driven up by repeating the call.
 */
export const workShares = pgTable(
  'work_shares',
  {
    workId: uuid('work_id')
      .notNull()
      .references(() => works.id, { onDelete: 'cascade' }),
    sharerKey: text('sharer_key').notNull(),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workId, t.sharerKey, t.day] })],
);

/** Community banners, managed by operators; the seed adds a few. */
export const banners = pgTable('banners', {
  id: uuid('id').primaryKey().defaultRandom(),
  titleEn: text('title_en').notNull(),
  titleZh: text('title_zh').notNull(),
  subtitleEn: text('subtitle_en').notNull().default(''),
  subtitleZh: text('subtitle_zh').notNull().default(''),
  /** Storage key of a public image. */
  imageKey: text('image_key').notNull(),
  /** An in-app route (e.g. /detail/<id> or /design) the banner opens. */
  link: text('link').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
  /** Shown from/until then (either may be open). */
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
