export { createUploadModule } from './upload.module.ts';
export { resultIndexSql, type GeneratedImages } from './generated-images.ts';
export type { UploadService } from './upload.service.ts';
export { thumbFiles, thumbSources, withSmallThumbs } from './thumbnails.ts';
export { imageMultipart, readImageFile } from './read-image-file.ts';
