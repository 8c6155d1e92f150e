import { LIMITS, uploadEndpoints, type ErrorCode, type UploadKind } from '@turing/contract';
import { call } from '../http/client.ts';

const TYPES = new Set(['image/png', 'image/jpeg']);

/** The browser-side check before an upload: png, jpg or jpeg, at most 5MB. The server checks the bytes again. */
export function checkImageFile(file: { name: string; type: string; size: number }): ErrorCode | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  const known: readonly string[] = LIMITS.imageTypes;
  if (!known.includes(ext) || (file.type !== '' && !TYPES.has(file.type))) return 'IMAGE_FORMAT';
  if (file.size > LIMITS.imageMaxBytes) return 'IMAGE_TOO_LARGE';
  return null;
}

export function uploadImage(file: File, kind: UploadKind) {
  const body = new FormData();
  body.append('file', file);
  return call(uploadEndpoints.image, { query: { kind }, body });
}
