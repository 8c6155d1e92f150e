import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    contactEmail: text('contact_email').notNull(),
    /** The language the user last wrote in; staff-reply e-mails use it. */
    locale: text('locale').notNull().default('en'),
    status: text('status').notNull().default('open'),
    /** Kept on the ticket so lists need no join over messages. */
    lastMessagePreview: text('last_message_preview').notNull(),
    lastAuthor: text('last_author').notNull().default('user'),
    /** A staff reply the user has not opened yet. */
    unreadByUser: boolean('unread_by_user').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_tickets_user_idx').on(t.userId, t.updatedAt),
    index('support_tickets_status_idx').on(t.status, t.updatedAt),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    author: text('author').notNull(),
    body: text('body').notNull(),
    /** Storage key of a screenshot the user uploaded as kind 'support'. */
    screenshotKey: text('screenshot_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);

export type SupportTicketRow = typeof supportTickets.$inferSelect;
export type SupportMessageRow = typeof supportMessages.$inferSelect;
