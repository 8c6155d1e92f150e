import { z } from 'zod';
import { textField } from './fields.ts';
import { LIMITS } from './limits.ts';
import { page, pageQuery } from './paging.ts';
import { route } from './route.ts';
import { thumbSet } from './upload.ts';
import { workspaceEndpoints } from './workspace.endpoints.ts';

const folderName = textField(LIMITS.folderNameMax, 'FOLDER_NAME_REQUIRED').pipe(
  z.string().min(1, 'FOLDER_NAME_REQUIRED'),
);
/** The folder name rule, for the web's forms. */
export const folderNameField = folderName;
const folderId = z.uuid('FOLDER_NOT_FOUND');

export const folder = z.object({
  id: z.string(),
  name: z.string(),
  /** New results land here; it cannot be deleted. */
  isDefault: z.boolean(),
  fileCount: z.number().int(),
  /** Bytes of the images in it (an image copied into two folders counts in both). */
  sizeBytes: z.number().int(),
  /** Last edit: renamed, or an image added, moved in or out, or deleted. */
  updatedAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  /** Thumbnail of its newest image, or null when empty. */
  coverUrl: z.string().nullable(),
});
export type Folder = z.infer<typeof folder>;

/** One image in a folder (the id is the item's: the same image copied to two folders has two). */
export const folderImage = z.object({
  id: z.string(),
  folderId: z.string(),
  /** The stored image (usable as a base image in the studio). */
  imageId: z.string(),
  url: z.string(),
  thumbUrl: z.string(),
  /** The thumbnail at each width, for the grid's srcset. */
  thumbs: thumbSet.optional(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  createdAt: z.iso.datetime(),
  /** The task that made it; null for images that came from elsewhere. */
  taskId: z.string().nullable(),
  /** The parameters it was made with (for display and "open in studio"). */
  params: z.record(z.string(), z.unknown()).nullable(),
  /** The seed that makes this image again (null when its engine takes none or it came from elsewhere). */
  seed: z.number().int().nullable(),
  /** The community work published from this image, if any. */
  workId: z.string().nullable(),
});
export type FolderImage = z.infer<typeof folderImage>;

export const folderDeleteBody = z
  .object({
    id: folderId,
    /** What happens to its images: moved to the default folder, or deleted with it. */
    images: z.enum(['move', 'delete']),
  })
  .strict();

const itemIds = z.array(z.uuid('VALIDATION')).min(1, 'VALIDATION').max(LIMITS.workspaceBatchMax, 'VALIDATION');

/** What the ZIP download takes: folder items of the caller's (another user's id refuses the whole ZIP). */
export const imageZipBody = z.object({ ids: itemIds }).strict();
/** Which image one download is (an image id, as results and folder images carry). */
export const imageDownloadQuery = z.object({ id: z.uuid('IMAGE_NOT_FOUND') });

export const workspaceRoutes = {
  folders: route({
    ...workspaceEndpoints.folders,
    query: pageQuery,
    response: page(folder),
    summary:
      'The user’s folders with counts and sizes, keyset-paged: the default one first (created on first use), then newest first',
  }),
  folder: route({
    ...workspaceEndpoints.folder,
    query: z.object({ id: folderId }),
    response: folder,
    summary: 'One of the user’s folders with its count and size (one the loaded pages of the list do not hold yet)',
  }),
  folderCreate: route({
    ...workspaceEndpoints.folderCreate,
    body: z.object({ name: folderName }).strict(),
    response: folder,
    summary: 'Creates a folder',
  }),
  folderRename: route({
    ...workspaceEndpoints.folderRename,
    body: z.object({ id: folderId, name: folderName }).strict(),
    response: folder,
    summary: 'Renames a folder',
  }),
  folderDelete: route({
    ...workspaceEndpoints.folderDelete,
    body: folderDeleteBody,
    response: z.object({ moved: z.number().int(), deleted: z.number().int() }),
    summary:
      'Deletes a folder (not the default one); its images move to the default folder or are deleted. Published works stay published',
  }),
  images: route({
    ...workspaceEndpoints.images,
    query: z.object({ folderId, ...pageQuery.shape }),
    response: page(folderImage),
    summary: 'Images of one folder, newest first, keyset-paged',
  }),
  imageMove: route({
    ...workspaceEndpoints.imageMove,
    body: z.object({ ids: itemIds, folderId }).strict(),
    response: z.object({ count: z.number().int() }),
    summary: 'Moves images to another folder',
  }),
  imageCopy: route({
    ...workspaceEndpoints.imageCopy,
    body: z.object({ ids: itemIds, folderId }).strict(),
    response: z.object({ count: z.number().int() }),
    summary: 'Copies images into another folder (already there: skipped)',
  }),
  imageDelete: route({
    ...workspaceEndpoints.imageDelete,
    body: z.object({ ids: itemIds }).strict(),
    response: z.object({ count: z.number().int() }),
    summary: 'Deletes images from the workspace; a published work of them stays in the community',
  }),
};
