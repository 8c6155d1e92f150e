// The official client of the Turing Design API (/turing/v1).
export { createClient, type ClientOptions, type CallOptions, type TuringClient } from './client.ts';
export { ApiError } from './errors.ts';
export type { RetryOptions, FetchLike, Sleep } from './http.ts';
export type { WaitOptions } from './wait.ts';
export type { DownloadOptions } from './download.ts';
export type { UploadInput } from './upload-input.ts';
export {
  verifyWebhook,
  signWebhook,
  WebhookVerificationError,
  type VerifyOptions,
  type WebhookHeaders,
} from './webhook.ts';
export { createSseParser, readSse, type SseEvent } from './sse.ts';
export {
  renderBatch,
  type BatchOptions,
  type BatchEvent,
  type BatchReport,
  type BatchResult,
  type BatchItem,
} from './batch.ts';
export { FINAL_STATES, isFinal } from './types.ts';
export type * from './types.ts';
