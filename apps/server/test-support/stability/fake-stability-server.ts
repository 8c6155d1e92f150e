import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { Invalid, MAX_SEED, ROUTES, type ReceivedFile } from './fake-stability-routes.ts';

/**
 * A local stand-in for Stability AI's REST v2beta image API, written from its API reference:
 * multipart/form-data requests with a Bearer key; `Accept: image/*` answers the image's bytes
 * with `seed` and `finish-reason` headers, `Accept: application/json` answers
 * `{ image (base64), seed, finish_reason }`; every error is JSON `{ id, name, errors: [...] }`
 * (400 invalid parameters, 401 key, 403 content_moderation, 413 over 10 MiB, 429 rate limit,
 * 500). Field rules are the documented ones (required fields, enums, ranges, image limits),
 * for generate, control (sketch, structure, style guide, style transfer), inpaint and upscale
 * (fake-stability-routes.ts).
 *
 * Tests script faults in order through `script`, one per request; an empty script (or `{ pass:
 * true }`) means the documented success.
 */

interface ReceivedRequest {
  method: string;
  path: string;
  auth: string | undefined;
  accept: string | undefined;
  fields: Record<string, string>;
  files: Record<string, ReceivedFile>;
}

type Fault =
  /** The documented answer, as with an empty script (so a fault can be scripted for a later request). */
  | { pass: true }
  /** An error answer with the documented body. */
  | { status: number; name: string; errors?: string[]; headers?: Record<string, string> }
  /** 200 whose finish reason is CONTENT_FILTERED (the output violated the content policy). */
  | { filtered: true }
  /** Never answers; the socket stays open. */
  | { hang: true }
  /** Drops the connection without an answer. */
  | { reset: true };

const MAX_BODY = 10 * 1024 * 1024;

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function parseForm(type: string, body: Buffer) {
  const form = await new Request('http://fake/', {
    method: 'POST',
    headers: { 'content-type': type },
    body,
  }).formData();
  const fields: Record<string, string> = {};
  const files: Record<string, ReceivedFile> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string') fields[key] = value;
    else {
      const bytes = Buffer.from(await value.arrayBuffer());
      const meta = await sharp(bytes)
        .metadata()
        .catch(() => ({ width: 0, height: 0, hasAlpha: false }));
      files[key] = {
        type: value.type,
        width: meta.width ?? 0,
        height: meta.height ?? 0,
        hasAlpha: meta.hasAlpha ?? false,
        bytes,
      };
    }
  }
  return { fields, files };
}

export async function startFakeStability(opts: { key?: string } = {}) {
  const key = opts.key ?? 'sk-stability-test';
  const received: ReceivedRequest[] = [];
  const script: Fault[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const state = { balance: 123.5 };

  const sendError = (
    res: ServerResponse,
    status: number,
    name: string,
    errors: string[],
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify({ id: randomUUID().replace(/-/g, ''), name, errors }));
  };

  async function answer(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '').split('?')[0]!;
    const auth = req.headers.authorization;
    if (auth !== `Bearer ${key}`) {
      await readBody(req);
      return sendError(res, 401, 'unauthorized', ['authorization: invalid or missing header value']);
    }
    if (req.method === 'GET' && path === '/v1/user/balance') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ credits: state.balance }));
    }
    const route = ROUTES[path];
    if (req.method !== 'POST' || !route) {
      await readBody(req);
      return sendError(res, 404, 'not_found', [`${req.method} ${path}: not found`]);
    }
    const body = await readBody(req);
    const type = req.headers['content-type'] ?? '';
    const accept = req.headers.accept;
    let parsed: Awaited<ReturnType<typeof parseForm>> = { fields: {}, files: {} };
    if (type.startsWith('multipart/form-data')) parsed = await parseForm(type, body);
    received.push({ method: req.method, path, auth, accept, ...parsed });
    for (const w of waiters.splice(0)) {
      if (received.length >= w.n) w.resolve();
      else waiters.push(w);
    }

    const fault = script.shift();
    if (fault && 'hang' in fault) return; // the socket stays open, nothing is written
    if (fault && 'reset' in fault) return req.socket.destroy();
    if (fault && 'status' in fault)
      return sendError(res, fault.status, fault.name, fault.errors ?? ['scripted'], fault.headers);

    if (body.length > MAX_BODY) return sendError(res, 413, 'payload_too_large', ['body: must be at most 10MiB']);
    if (!type.startsWith('multipart/form-data'))
      return sendError(res, 400, 'bad_request', ['content-type: must be multipart/form-data']);
    const wantsJson = accept === 'application/json';
    if (!wantsJson && accept !== 'image/*')
      return sendError(res, 400, 'bad_request', ['accept: must be image/* or application/json']);
    let size;
    try {
      size = route(parsed.fields, parsed.files);
    } catch (error) {
      if (error instanceof Invalid) return sendError(res, 400, 'bad_request', [error.message]);
      throw error;
    }
    const sent = Number(parsed.fields.seed ?? 0);
    const seed = sent > 0 ? sent : 1 + Math.floor(Math.random() * MAX_SEED);
    const finishReason = fault && 'filtered' in fault ? 'CONTENT_FILTERED' : 'SUCCESS';
    // The colour follows the seed, so two images of a task differ as two real ones would.
    const colour = { r: seed % 256, g: (seed >> 8) % 256, b: 128 };
    const png = await sharp({ create: { ...size, channels: 3, background: colour } })
      .png()
      .toBuffer();
    if (wantsJson) {
      res.writeHead(200, { 'content-type': 'application/json; type=image/png', 'x-request-id': randomUUID() });
      return res.end(JSON.stringify({ image: png.toString('base64'), seed, finish_reason: finishReason }));
    }
    res.writeHead(200, {
      'content-type': 'image/png',
      'x-request-id': randomUUID(),
      seed: String(seed),
      'finish-reason': finishReason,
    });
    res.end(png);
  }

  const server = createServer((req, res) => {
    answer(req, res).catch((err: unknown) => {
      if (!res.headersSent) sendError(res, 500, 'internal_error', [String(err)]);
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    key,
    received,
    script,
    state,
    /** Resolves once `n` image requests have arrived in all. */
    requests(n: number) {
      return new Promise<void>((resolve) => {
        if (received.length >= n) resolve();
        else waiters.push({ n, resolve });
      });
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type FakeStability = Awaited<ReturnType<typeof startFakeStability>>;
