import { STATUS } from '@turing/contract';
import type { TFunction } from 'i18next';
import type { FollowAction } from '../../api/follow-user.ts';
import { ApiError } from '../../http/api-error.ts';

/** Failures that pass on their own: the network, a timeout, a busy or restarting server. */
const TRANSIENT = new Set([0, 408, 429, 502, 503, 504]);
/** Refusals whose own message tells the user what is wrong better than a generic one. */
const SPECIFIC = new Set(['FOLLOW_SELF', 'USER_NOT_FOUND', 'USER_SUSPENDED', 'RATE_LIMITED']);

/**
 * The message for a failed follow or unfollow, or null when there is nothing to add (an expired
 * session, which the HTTP client already announced).
 */
export function followErrorMessage(err: unknown, action: FollowAction, t: TFunction): string | null {
  if (err instanceof ApiError) {
    if (err.status === STATUS.sessionExpired) return null;
    if (err.code && SPECIFIC.has(err.code)) return err.message;
    if (TRANSIENT.has(err.status)) return t(`common:follow.failed.${action}.retry`);
  }
  return t(`common:follow.failed.${action}.contact`);
}
