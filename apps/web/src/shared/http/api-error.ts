/** A rejected call: `msg` is ready to show; `code` is the server's stable error code when there is one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly body: unknown;

  constructor(message: string, opts: { status: number; code?: string | null; body?: unknown }) {
    super(message);
    this.name = 'ApiError';
    this.status = opts.status;
    this.code = opts.code ?? null;
    this.body = opts.body;
  }

  /** Per-field codes of a validation failure, when the server sent them. */
  get fields(): { field: string; code: string }[] {
    const details = (this.body as { details?: unknown } | null)?.details;
    return Array.isArray(details) ? (details as { field: string; code: string }[]) : [];
  }
}
