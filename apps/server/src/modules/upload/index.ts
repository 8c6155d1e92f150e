export { createUploadModule, type UploadModule } from './upload.module.ts';
export { uploadModule } from './upload.routes.ts';
export { sweepAbandonedUploads } from './upload-sweep.ts';
export { resultIndexSql, type GeneratedImages, type StoredImage } from './generated-images.ts';
export type { UploadService } from './upload.service.ts';
