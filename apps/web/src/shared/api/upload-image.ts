import { LIMITS, uploadEndpoints, type UploadKind, type uploadRoutes } from '@turing/contract';
import { call } from '../http/client.ts';

export type ImageCheck = 'IMAGE_FORMAT' | 'IMAGE_TOO_LARGE' | null;

/** The browser-side check before sending: png, jpg or jpeg, at most 5MB (the server checks the content again). */
export function checkImageFile(file: File): ImageCheck {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk =
    ['image/png', 'image/jpeg'].includes(file.type) || (LIMITS.imageTypes as readonly string[]).includes(ext);
  if (!typeOk) return 'IMAGE_FORMAT';
  if (file.size > LIMITS.imageMaxBytes) return 'IMAGE_TOO_LARGE';
  return null;
}

export function uploadImage(file: File, kind: UploadKind) {
  const body = new FormData();
  body.append('file', file);
  return call<typeof uploadRoutes.image>(uploadEndpoints.image, { query: { kind }, body });
}
