import type { TFunction } from 'i18next';
import { STATUS } from '@turing/contract';
import { ApiError } from '../../../shared/http/api-error.ts';
import { toast } from '../../../shared/ui/toast.ts';

export type FailedAction = 'like' | 'unlike' | 'collect' | 'uncollect' | 'share' | 'copyParams';

/** Network trouble, a timeout or a 5xx may pass on its own; anything else needs the administrator. */
function isTransient(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true;
  return err.status === 0 || err.status === 408 || err.status === 429 || err.status >= 500;
}

/** The spec's failure message for an action: try again later, or contact the administrator. */
function failureMessage(t: TFunction<'community'>, action: FailedAction, err: unknown): string {
  if (isTransient(err)) return t(`failure.${action}.retry`);
  const base = t(`failure.${action}.contact`);
  // A business error names its cause (a hidden work, one's own account…): worth showing too.
  return err instanceof ApiError && err.code ? t('failure.reason', { message: base, reason: err.message }) : base;
}

export function toastFailure(t: TFunction<'community'>, action: FailedAction, err: unknown) {
  if (err instanceof ApiError && err.status === STATUS.sessionExpired) return;
  toast.error(failureMessage(t, action, err));
}
