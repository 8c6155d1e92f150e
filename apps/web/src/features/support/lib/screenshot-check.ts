import { LIMITS, type ErrorCode } from '@turing/contract';

const TYPES = new Set(['image/png', 'image/jpeg']);

/** The browser-side check before an upload; the server checks the bytes again. */
export function screenshotProblem(file: { name: string; type: string; size: number }): ErrorCode | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  const known: readonly string[] = LIMITS.imageTypes;
  if (!known.includes(ext) || (file.type !== '' && !TYPES.has(file.type))) return 'IMAGE_FORMAT';
  if (file.size > LIMITS.imageMaxBytes) return 'IMAGE_TOO_LARGE';
  return null;
}
