import { imageDownloadPath, imageExt, imageFileName, LIMITS } from '@turing/contract';

export interface DownloadableImage {
  /** The stored image's id (a result's or a folder image's `imageId`). */
  id: string;
  /** Where it is shown from: tells its format. */
  url: string;
  prompt?: string | null;
  createdAt?: string | null;
}

/**
 * Link props that download one of the user's images under a readable name
 * (`modern-villa-at-dusk-2026-11-26.png`). The server's route sends the same name (and prefers a
 * published work's title), so the file is named the same whichever the browser goes by.
 */
export function imageDownload(image: DownloadableImage) {
  return {
    href: `${LIMITS.apiBase}${imageDownloadPath(image.id)}`,
    download: imageFileName({
      prompt: image.prompt,
      createdAt: image.createdAt ?? new Date().toISOString(),
      id: image.id,
      ext: imageExt(image.url),
    }),
  };
}
