import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { uploads } from './uploads.ts';
import { users } from './users.ts';

/** A user's workspace folders; each user has exactly one default folder new results land in. */
export const folders = pgTable(
  'folders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last edit: renamed, or an image added, moved in or out, or deleted. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('folders_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('folders_one_default_idx')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);
export type FolderRow = typeof folders.$inferSelect;

/**
 * An image kept in a folder. Copying an image to another folder adds a second item for the same
 * stored image; the image file goes when its last item (and any published work of it) goes.
 */
export const folderItems = pgTable(
  'folder_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    folderId: uuid('folder_id')
      .notNull()
      .references(() => folders.id, { onDelete: 'cascade' }),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    /** The task that made it, for its parameters and "open in studio". */
    taskId: uuid('task_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('folder_items_folder_upload_idx').on(t.folderId, t.uploadId),
    index('folder_items_folder_idx').on(t.folderId, t.createdAt, t.id),
    index('folder_items_upload_idx').on(t.uploadId),
    index('folder_items_user_idx').on(t.userId),
  ],
);
export type FolderItemRow = typeof folderItems.$inferSelect;
