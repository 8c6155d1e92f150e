import { ERRORS, type ErrorCode } from '@turing/contract';

/** The one error services throw; the envelope plugin turns it into a localised response. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly params: Record<string, string | number>;
  readonly details?: unknown;

  constructor(code: ErrorCode, options: { params?: Record<string, string | number>; details?: unknown } = {}) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.params = options.params ?? {};
    this.details = options.details;
  }

  get httpStatus(): number {
    return ERRORS[this.code].http;
  }
}
