import { STATUS } from '@turing/contract';
import { ApiError } from '../http/api-error.ts';
import { toast } from './toast.ts';

/** Shows a failed call's message, except an expired session, which the HTTP client already announced. */
export function toastError(err: unknown) {
  if (err instanceof ApiError && err.status === STATUS.sessionExpired) return;
  toast.error(err instanceof Error ? err.message : String(err));
}
