import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** Storage key of the cleaned image, e.g. avatar/2026/11/<id>.webp */
    key: text('key').notNull(),
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    /** A webp thumbnail of the image (grids and history load these). */
    thumbKey: text('thumb_key'),
    /** sha256 of the cleaned bytes: the same image uploaded again by one user is stored once. */
    contentHash: text('content_hash'),
    /** For kind 'result': the task that made it. */
    taskId: uuid('task_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('uploads_user_idx').on(t.userId, t.kind),
    index('uploads_task_idx').on(t.taskId),
    index('uploads_hash_idx').on(t.userId, t.contentHash),
    // The daily sweep looks only at old inputs (results have a task): keep it off the whole table.
    index('uploads_sweep_idx')
      .on(t.createdAt)
      .where(sql`${t.taskId} is null`),
  ],
);
export type UploadRow = typeof uploads.$inferSelect;
