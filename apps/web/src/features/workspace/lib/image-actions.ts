import type { FolderImage } from '@turing/contract';
import { imageDownload } from '../../../shared/http/image-download.ts';

/** What can be done to images from a card, the batch bar or the details drawer. */
export interface ImageActions {
  preview(image: FolderImage): void;
  details(image: FolderImage): void;
  move(ids: string[]): void;
  copy(ids: string[]): void;
  remove(ids: string[]): void;
  openInStudio(image: FolderImage): void;
  asBase(image: FolderImage): void;
  /** Absent when the app offers no publishing. */
  publish?(image: FolderImage): void;
}

const promptOf = (image: FolderImage) => {
  const prompt = image.params?.prompt;
  return typeof prompt === 'string' ? prompt.trim() : '';
};

/** A short description of the image for its alt text and the suggested work title. */
export function describe(image: FolderImage, max = 80) {
  const prompt = promptOf(image);
  return prompt.length > max ? `${prompt.slice(0, max - 1)}…` : prompt;
}

/** Link props that download the image under its readable name. */
export const downloadOf = (image: FolderImage) =>
  imageDownload({ id: image.imageId, url: image.url, prompt: promptOf(image), createdAt: image.createdAt });
