import { APIConnectionError, APIError, APIUserAbortError } from 'openai';
import { EngineError } from '../../engine.ts';

/** Provider codes that mean the prompt or image was refused on policy grounds. */
const POLICY_CODES = new Set(['moderation_blocked', 'content_policy_violation', 'safety_violation']);

/**
 * Turns whatever the SDK threw into an EngineError the lifecycle can act on. Messages name only
 * our own category, the HTTP status and the provider's error code: the provider's free text can
 * echo the prompt or internal detail, so it stays in `cause` for logs and never becomes a message.
 */
export function toEngineError(error: unknown, signal: AbortSignal): EngineError {
  if (error instanceof EngineError) return error;
  if (error instanceof APIUserAbortError || signal.aborted) {
    return new EngineError('interrupted', 'openai: request cancelled (the provider may still finish it)', {
      cause: error,
    });
  }
  // Timeouts are connection errors in the SDK: nothing usable came back.
  if (error instanceof APIConnectionError) {
    return new EngineError('unavailable', 'openai: no connection to the image API', { cause: error });
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    const { status } = error;
    const code = typeof error.code === 'string' ? error.code : undefined;
    const detail = `HTTP ${status}${code ? `, ${code}` : ''}`;
    // Busy or rate limited: another try later (or elsewhere) can succeed.
    if (status >= 500 || status === 429 || status === 408 || status === 409) {
      return new EngineError('unavailable', `openai: image API unavailable (${detail})`, { cause: error });
    }
    if (status === 401 || status === 403) {
      return new EngineError('invalid', `openai: API key rejected (${detail})`, { cause: error });
    }
    if (code && POLICY_CODES.has(code)) {
      return new EngineError('invalid', `openai: refused by the content policy (${detail})`, { cause: error });
    }
    return new EngineError('invalid', `openai: request refused (${detail})`, { cause: error });
  }
  return new EngineError('unavailable', 'openai: unexpected failure calling the image API', { cause: error });
}
