import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull().unique(),
    nickname: text('nickname').notNull(),
    email: text('email').unique(),
    phone: text('phone').unique(),
    passwordHash: text('password_hash'),
    occupation: text('occupation').notNull().default('others'),
    gender: text('gender').notNull().default('unknown'),
    signature: text('signature').notNull().default(''),
    avatarKey: text('avatar_key'),
    isVip: boolean('is_vip').notNull().default(false),
    inviteCode: text('invite_code').notNull().unique(),
    wechatOpenId: text('wechat_open_id').unique(),
    googleSub: text('google_sub').unique(),
    /** The user whose invitation code this user entered (once: never changed after). */
    invitedBy: uuid('invited_by'),
    /** Set by an operator: the user cannot sign in and their works leave every listing. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    guideProgress: jsonb('guide_progress').$type<Record<string, boolean>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Logins and availability checks compare usernames case-insensitively, so uniqueness does too.
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    // "How many did I invite" counts these.
    index('users_invited_by_idx')
      .on(t.invitedBy)
      .where(sql`${t.invitedBy} is not null`),
    // The console's newest accounts and the dashboard's sign-ups by day.
    index('users_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the cookie value, so a leaked table cannot be replayed as cookies. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    /** "Remember me": a dated cookie; otherwise the cookie ends with the browser session. */
    persistent: boolean('persistent').notNull().default(true),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
