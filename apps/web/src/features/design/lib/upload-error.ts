import type { TFunction } from 'i18next';
import { ApiError } from '../../../shared/http/api-error.ts';
import type { SlotName } from './studio-values.ts';

/**
 * What to tell the user when a slot's upload fails: the server's own message when it named the
 * problem (format, size, quota...), the timeout hint when the request ran out of time, otherwise
 * the slot's "upload failed" message.
 */
export function uploadErrorMessage(err: unknown, slot: SlotName, t: TFunction): string {
  if (err instanceof ApiError) {
    if (err.status === 408) return t('design:slot.timeout');
    if (err.code && err.code !== 'UPLOAD_FAILED' && err.code !== 'INTERNAL') return err.message;
  }
  return t(`design:slot.failed.${slot}`);
}
