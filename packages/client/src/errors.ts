/**
 * Every failure of a call: the API's stable error code and message, the HTTP status, the request id
 * to quote when asking for help, and for a 429 how many seconds to wait. A call that never got an
 * answer (the network failed) has status 0 and the code NETWORK_ERROR; an answer that is not the
 * API's error shape (a proxy's page) has the code HTTP_<status>.
 */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly requestId: string | null;
  /** Seconds the server asked to wait (Retry-After), when it did. */
  readonly retryAfter: number | null;
  /** Field errors of a refused body (`[{ field, code }]`), or what the error carries. */
  readonly details: unknown;

  constructor(init: {
    code: string;
    message: string;
    status: number;
    requestId?: string | null;
    retryAfter?: number | null;
    details?: unknown;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId ?? null;
    this.retryAfter = init.retryAfter ?? null;
    this.details = init.details;
  }
}

/** Retry-After as seconds: either a number of seconds or an HTTP date. */
function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, (at - now) / 1000);
}

/** Turns a failed answer into an ApiError, whatever its body is. */
export async function errorFromResponse(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  const retryAfter = parseRetryAfter(res.headers.get('retry-after'));
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const shaped = body as { error?: { code?: unknown; message?: unknown; details?: unknown }; requestId?: unknown };
  if (shaped && typeof shaped.error?.code === 'string') {
    return new ApiError({
      code: shaped.error.code,
      message: typeof shaped.error.message === 'string' ? shaped.error.message : shaped.error.code,
      status: res.status,
      requestId: typeof shaped.requestId === 'string' ? shaped.requestId : res.headers.get('x-request-id'),
      retryAfter,
      details: shaped.error.details,
    });
  }
  return new ApiError({
    code: `HTTP_${res.status}`,
    message: `${res.status} ${res.statusText || 'error'}${text ? `: ${text.slice(0, 200)}` : ''}`,
    status: res.status,
    requestId: res.headers.get('x-request-id'),
    retryAfter,
  });
}
