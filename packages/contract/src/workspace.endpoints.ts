import { endpoints } from './route.ts';

export const workspaceEndpoints = endpoints({
  folders: { method: 'GET', path: '/workspace/folder/list', auth: true, mutates: false },
  folder: { method: 'GET', path: '/workspace/folder/get', auth: true, mutates: false },
  folderCreate: { method: 'POST', path: '/workspace/folder/create', auth: true, mutates: true },
  folderRename: { method: 'POST', path: '/workspace/folder/rename', auth: true, mutates: true },
  folderDelete: { method: 'POST', path: '/workspace/folder/delete', auth: true, mutates: true },
  images: { method: 'GET', path: '/workspace/image/list', auth: true, mutates: false },
  imageMove: { method: 'POST', path: '/workspace/image/move', auth: true, mutates: true },
  imageCopy: { method: 'POST', path: '/workspace/image/copy', auth: true, mutates: true },
  imageDelete: { method: 'POST', path: '/workspace/image/delete', auth: true, mutates: true },
});

/**
 * One of the caller's images as an attachment named from its title or prompt and day
 * (`?id=<image id>`; the image, not an envelope).
 */
export const IMAGE_DOWNLOAD_PATH = '/workspace/image/download';

/** The chosen workspace images as one ZIP, streamed (POST `{ ids }`; application/zip, not an envelope). */
export const IMAGE_ZIP_PATH = '/workspace/image/zip';

/** The API path of an image's download, for links. */
export const imageDownloadPath = (imageId: string) => `${IMAGE_DOWNLOAD_PATH}?id=${encodeURIComponent(imageId)}`;
