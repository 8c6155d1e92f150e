import { createTransport, type FetchLike, type RetryOptions, type Sleep } from './http.ts';
import { downloadResults, type DownloadOptions } from './download.ts';
import { toBlob, type UploadInput } from './upload-input.ts';
import { waitForTask, type WaitOptions } from './wait.ts';
import type {
  Account,
  ModelInfo,
  Task,
  TaskBody,
  TaskCreated,
  TaskPage,
  TaskState,
  UploadKind,
  UploadedImage,
  Page,
  WorkCard,
  WebhookCreateBody,
  WebhookCreated,
  WebhookEndpoint,
} from './types.ts';

export interface ClientOptions {
  /** The server's address (`https://design.example.com`); `/turing/v1` is added when missing. */
  baseUrl: string;
  /** A personal API key, `td_live_…` (profile → API keys). */
  apiKey: string;
  /** Defaults to the global fetch. */
  fetch?: FetchLike;
  retry?: Partial<RetryOptions>;
  /** How waits happen (back-off, polling); a test passes one that records instead of waiting. */
  sleep?: Sleep;
  userAgent?: string;
}

export interface CallOptions {
  signal?: AbortSignal;
}

const enc = encodeURIComponent;

/** A client of the public API (/turing/v1) with one method per route. */
export function createClient(options: ClientOptions) {
  if (!options.apiKey) throw new TypeError('createClient: apiKey is required (td_live_…)');
  const http = createTransport(options);
  const key = () => globalThis.crypto.randomUUID();

  const client = {
    /** Uploads an image (a file path, bytes or a Blob) to use in a task; `kind` defaults to base. */
    async upload(
      input: UploadInput,
      o: CallOptions & { kind?: UploadKind; filename?: string; contentType?: string } = {},
    ): Promise<UploadedImage> {
      const { blob, filename } = await toBlob(input, o);
      const form = new FormData();
      form.set('file', blob, filename);
      return http.json('POST', '/uploads', {
        form,
        query: { kind: o.kind ?? 'base' },
        idempotencyKey: key(),
        signal: o.signal,
      });
    },

    models: (o: CallOptions = {}): Promise<{ items: ModelInfo[] }> => http.json('GET', '/models', o),

    /**
     * Submits a task. One Idempotency-Key is made per call and sent again on every retry, so a
     * task is created and charged once however often the network fails; pass your own to make a
     * submit safe across restarts of your program.
     */
    submitTask: (body: TaskBody, o: CallOptions & { idempotencyKey?: string } = {}): Promise<TaskCreated> =>
      http.json('POST', '/tasks', { json: body, idempotencyKey: o.idempotencyKey ?? key(), signal: o.signal }),

    getTask: (id: string, o: CallOptions = {}): Promise<Task> => http.json('GET', `/tasks/${enc(id)}`, o),

    listTasks: (
      q: { state?: TaskState; cursor?: string; limit?: number } = {},
      o: CallOptions = {},
    ): Promise<TaskPage> => http.json('GET', '/tasks', { query: q, signal: o.signal }),

    cancelTask: (id: string, o: CallOptions = {}): Promise<Task> =>
      http.json('POST', `/tasks/${enc(id)}/cancel`, { idempotencyKey: key(), signal: o.signal }),

    /** The raw event stream of a task (text/event-stream); waitForTask reads it for you. */
    taskEvents: (id: string, o: CallOptions & { lastEventId?: string } = {}): Promise<Response> =>
      http.request('GET', `/tasks/${enc(id)}/events`, {
        accept: 'text/event-stream',
        headers: o.lastEventId ? { 'last-event-id': o.lastEventId } : {},
        signal: o.signal,
      }),

    account: (o: CallOptions = {}): Promise<Account> => http.json('GET', '/account', o),

    /** The key owner's works published in the community, newest first. */
    listWorks: (q: { cursor?: string; limit?: number } = {}, o: CallOptions = {}): Promise<Page<WorkCard>> =>
      http.json('GET', '/works', { query: q, signal: o.signal }),

    createWebhook: (body: WebhookCreateBody, o: CallOptions = {}): Promise<WebhookCreated> =>
      http.json('POST', '/webhooks', { json: body, idempotencyKey: key(), signal: o.signal }),

    listWebhooks: (o: CallOptions = {}): Promise<{ items: WebhookEndpoint[] }> => http.json('GET', '/webhooks', o),

    deleteWebhook: (id: string, o: CallOptions = {}): Promise<void> => http.json('DELETE', `/webhooks/${enc(id)}`, o),

    /** Waits until the task ends (over its event stream, or by polling when streaming fails). */
    waitForTask: (id: string, o: WaitOptions = {}): Promise<Task> => waitForTask(client, http, id, o),

    /** Writes a task's results into a folder as `<prefix>-1.png`, `<prefix>-2.png`…; returns the paths. */
    download: (task: Task, dir: string, o: DownloadOptions = {}): Promise<string[]> =>
      downloadResults(http, task, dir, o),

    /** A result's address made absolute (the API may answer `/files/…`). */
    resolveUrl: (url: string) => http.resolve(url),
  };
  return client;
}

export type TuringClient = ReturnType<typeof createClient>;
