import http from 'node:http';
import https from 'node:https';
import type { Graph, HistoryEntry, ImageRef, PromptErrorBody, QueueInfo } from './comfy-types.ts';

/** An answer read whole: its status and body. */
interface Answer {
  status: number;
  ok: boolean;
  body: Buffer;
}

/** The request never got an HTTP answer (refused, reset, DNS, timeout): the server is unreachable. */
export class ComfyConnectionError extends Error {
  constructor(url: string, cause: unknown) {
    super(`ComfyUI at ${url} is unreachable`, { cause });
    this.name = 'ComfyConnectionError';
  }
}

/** The server answered with an unexpected status. */
export class ComfyHttpError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(message: string, status: number, body: unknown) {
    super(message);
    this.name = 'ComfyHttpError';
    this.status = status;
    this.body = body;
  }
}

export interface UploadedImage {
  name: string;
  subfolder: string;
  type: string;
}

/**
 * The HTTP half of ComfyUI's protocol for one server. Every request has its own time limit,
 * because a wedged server must fail a call rather than hold a task forever.
 */
export class ComfyHttp {
  readonly url: string;
  private readonly requestTimeoutMs: number;

  constructor(url: string, requestTimeoutMs: number) {
    this.url = url.replace(/\/+$/, '');
    this.requestTimeoutMs = requestTimeoutMs;
  }

  /**
   * Prompts running plus waiting (`GET /prompt`): a few bytes, where `/queue` carries every queued
   * prompt's whole graph. What dispatch ranks servers by.
   */
  async remaining(): Promise<number> {
    const body = (await this.json('GET', '/prompt')) as { exec_info?: { queue_remaining?: unknown } };
    const n = body.exec_info?.queue_remaining;
    if (typeof n !== 'number')
      throw new ComfyHttpError(`${this.url} answered GET /prompt without queue_remaining`, 200, body);
    return n;
  }

  async queue(): Promise<QueueInfo> {
    const body = (await this.json('GET', '/queue')) as Partial<QueueInfo>;
    return { queue_running: body.queue_running ?? [], queue_pending: body.queue_pending ?? [] };
  }

  /**
   * Queues a prompt and returns the id it runs under: ours, except on servers older than the
   * `prompt_id` field, which pick their own. A validation refusal rejects with the 400 body.
   */
  async postPrompt(prompt: Graph, clientId: string, promptId: string): Promise<string> {
    const body = (await this.json('POST', '/prompt', { prompt, client_id: clientId, prompt_id: promptId })) as {
      prompt_id?: unknown;
    };
    return typeof body?.prompt_id === 'string' ? body.prompt_id : promptId;
  }

  /** `undefined` both while the prompt runs and when the server never heard of it. */
  async history(promptId: string): Promise<HistoryEntry | undefined> {
    const body = (await this.json('GET', `/history/${encodeURIComponent(promptId)}`)) as Record<string, HistoryEntry>;
    return body[promptId];
  }

  async deleteHistory(promptId: string): Promise<void> {
    await this.json('POST', '/history', { delete: [promptId] });
  }

  async deleteFromQueue(promptId: string): Promise<void> {
    await this.json('POST', '/queue', { delete: [promptId] });
  }

  /** Older servers ignore prompt_id and interrupt whatever runs, so call it only for a prompt seen running. */
  async interrupt(promptId: string): Promise<void> {
    await this.json('POST', '/interrupt', { prompt_id: promptId });
  }

  async objectInfo(): Promise<Record<string, unknown>> {
    return (await this.json('GET', '/object_info')) as Record<string, unknown>;
  }

  async view(ref: ImageRef): Promise<Buffer> {
    const query = new URLSearchParams({ filename: ref.filename, subfolder: ref.subfolder, type: ref.type });
    const res = await this.request('GET', `/view?${query}`);
    if (!res.ok) throw new ComfyHttpError(`GET /view answered ${res.status}`, res.status, undefined);
    return res.body;
  }

  /** POST /upload/image with overwrite, so a retry that re-uploads under the same name replaces the file. */
  async uploadImage(bytes: Buffer, name: string, subfolder: string): Promise<UploadedImage> {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(bytes)]), name);
    form.append('overwrite', 'true');
    form.append('type', 'input');
    form.append('subfolder', subfolder);
    return (await this.json('POST', '/upload/image', form)) as UploadedImage;
  }

  private async json(method: string, path: string, body?: unknown): Promise<unknown> {
    const res =
      body instanceof FormData
        ? await this.send(method, path, body).then(async (r) => ({
            status: r.status,
            ok: r.ok,
            body: Buffer.from(await r.arrayBuffer()),
          }))
        : await this.request(method, path, body === undefined ? undefined : JSON.stringify(body));
    const text = res.body.toString();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // ComfyUI answers some POSTs with an empty 200; anything else unparsable is reported below.
    }
    if (!res.ok) throw new ComfyHttpError(`${method} ${path} answered ${res.status}`, res.status, parsed);
    return parsed;
  }

  /** An upload's multipart form, through fetch. */
  private async send(method: string, path: string, body: FormData): Promise<Response> {
    try {
      return await fetch(`${this.url}${path}`, { method, body, signal: AbortSignal.timeout(this.requestTimeoutMs) });
    } catch (err) {
      throw new ComfyConnectionError(this.url, err);
    }
  }

  /**
   * Every other call, on Node's own HTTP client and its keep-alive pool: a task makes several of
   * them, and fetch costs several times the CPU per request. Within the time limit the whole answer
   * is read; failures take the shape fetch gives them (see describeFailure).
   */
  private request(method: string, path: string, json?: string): Promise<Answer> {
    const url = new URL(`${this.url}${path}`);
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<Answer>((resolve, reject) => {
      let settled = false;
      const fail = (cause: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        req.destroy();
        reject(new ComfyConnectionError(this.url, cause));
      };
      const req = client.request(
        url,
        {
          method,
          headers:
            json === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', (err) => fail(new Error('the answer broke off', { cause: err })));
          res.on('aborted', () => fail(new Error('the answer broke off')));
          res.on('end', () => {
            if (settled) return;
            settled = true;
            clearTimeout(timer);
            const status = res.statusCode ?? 0;
            resolve({ status, ok: status >= 200 && status < 300, body: Buffer.concat(chunks) });
          });
        },
      );
      const timer = setTimeout(
        () => fail(Object.assign(new Error('no answer in time'), { name: 'TimeoutError' })),
        this.requestTimeoutMs,
      );
      req.on('error', (err) => fail(new Error('request failed', { cause: err })));
      req.end(json);
    });
  }
}

/** A short, log-safe summary of a POST /prompt refusal (no tracebacks, long model lists cut). */
export function describePromptError(body: unknown): string {
  const b = (body ?? {}) as PromptErrorBody;
  const head = typeof b.error === 'string' ? b.error : (b.error?.message ?? 'prompt refused');
  const headDetail = typeof b.error === 'object' && b.error.details ? `: ${clip(b.error.details)}` : '';
  const nodes = Object.entries(b.node_errors ?? {}).flatMap(([id, n]) =>
    (n.errors ?? []).map(
      (e) => `node ${id} (${n.class_type ?? '?'}): ${e.message ?? e.type}${e.details ? ` — ${clip(e.details)}` : ''}`,
    ),
  );
  return [`${head}${headDetail}`, ...nodes].join('; ');
}

/** Why a request failed, in a few words: a time-out, the system's error code (ECONNREFUSED...), or the message. */
export function describeFailure(err: unknown): string {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : undefined;
  if (cause?.name === 'TimeoutError') return 'no answer in time';
  const code = (cause?.cause as { code?: string } | undefined)?.code;
  return code ?? (err instanceof Error ? err.message : String(err));
}

function clip(text: string): string {
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}
