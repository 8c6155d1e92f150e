import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * A local stand-in for Stability AI's REST v2beta image API, written from its API reference:
 * multipart/form-data requests with a Bearer key; `Accept: image/*` answers the image's bytes
 * with `seed` and `finish-reason` headers, `Accept: application/json` answers
 * `{ image (base64), seed, finish_reason }`; every error is JSON `{ id, name, errors: [...] }`
 * (400 invalid parameters, 401 key, 403 content_moderation, 413 over 10 MiB, 429 rate limit,
 * 500). Field rules are the documented ones (required fields, enums, ranges, image limits).
 *
 * Tests script faults in order through `script`, one per request; an empty script (or `{ pass:
 * true }`) means the documented success.
 */

interface ReceivedFile {
  type: string;
  width: number;
  height: number;
  hasAlpha: boolean;
  bytes: Buffer;
}

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

const ASPECTS = ['16:9', '1:1', '21:9', '2:3', '3:2', '4:5', '5:4', '9:16', '9:21'];
const FORMATS = ['png', 'jpeg', 'webp'];
const SD3_MODELS = ['sd3.5-large', 'sd3.5-large-turbo', 'sd3.5-medium', 'sd3.5-flash'];
const MAX_SEED = 4_294_967_294;
const MAX_BODY = 10 * 1024 * 1024;

class Invalid extends Error {}

function check(ok: boolean, message: string): asserts ok {
  if (!ok) throw new Invalid(message);
}

/** Documented image limits of the image-taking endpoints. */
function checkImage(
  file: ReceivedFile | undefined,
  name: string,
  limits: { minSide: number; minPixels: number; maxPixels: number; maxSide?: number; aspect?: boolean },
): ReceivedFile {
  check(file !== undefined, `${name}: required`);
  const { width, height } = file;
  check(Math.min(width, height) >= limits.minSide, `${name}: every side must be at least ${limits.minSide} pixels`);
  if (limits.maxSide)
    check(Math.max(width, height) <= limits.maxSide, `${name}: sides must be at most ${limits.maxSide} pixels`);
  const pixels = width * height;
  check(
    pixels >= limits.minPixels && pixels <= limits.maxPixels,
    `${name}: total pixel count must be between ${limits.minPixels} and ${limits.maxPixels}`,
  );
  if (limits.aspect)
    check(width / height <= 2.5 && height / width <= 2.5, `${name}: aspect ratio must be between 1:2.5 and 2.5:1`);
  return file;
}

function checkCommon(fields: Record<string, string>, needsPrompt: boolean) {
  if (needsPrompt) check(!!fields.prompt && fields.prompt.length <= 10_000, 'prompt: must be 1 to 10000 characters');
  if (fields.negative_prompt !== undefined)
    check(fields.negative_prompt.length <= 10_000, 'negative_prompt: at most 10000 characters');
  if (fields.seed !== undefined) {
    const seed = Number(fields.seed);
    check(Number.isInteger(seed) && seed >= 0 && seed <= MAX_SEED, `seed: must be an integer from 0 to ${MAX_SEED}`);
  }
  if (fields.output_format !== undefined)
    check(FORMATS.includes(fields.output_format), 'output_format: must be one of png, jpeg, webp');
}

function unit(fields: Record<string, string>, name: string, min = 0, max = 1) {
  if (fields[name] === undefined) return;
  const v = Number(fields[name]);
  check(Number.isFinite(v) && v >= min && v <= max, `${name}: must be between ${min} and ${max}`);
}

/** Width × height of about `pixels` at the ratio `w:h`, multiples of 64 as the models make them. */
function sizeAt(ratio: number, pixels: number) {
  const height = Math.sqrt(pixels / ratio);
  const round = (v: number) => Math.max(64, Math.round(v / 64) * 64);
  return { width: round(height * ratio), height: round(height) };
}

const aspectRatio = (aspect: string) => {
  const [w, h] = aspect.split(':').map(Number) as [number, number];
  return w / h;
};

/** What a route makes from a valid request: the size of its output. */
type Route = (fields: Record<string, string>, files: Record<string, ReceivedFile>) => { width: number; height: number };

const generate =
  (pixels: number, opts: { sd3?: boolean; imageToImage?: boolean } = {}): Route =>
  (fields, files) => {
    checkCommon(fields, true);
    const i2i = opts.sd3 ? fields.mode === 'image-to-image' : files.image !== undefined;
    if (opts.sd3) {
      if (fields.mode !== undefined)
        check(
          ['text-to-image', 'image-to-image'].includes(fields.mode),
          'mode: must be text-to-image or image-to-image',
        );
      if (fields.model !== undefined)
        check(SD3_MODELS.includes(fields.model), `model: must be one of ${SD3_MODELS.join(', ')}`);
    }
    if (i2i) {
      check(opts.imageToImage === true, 'image: not accepted by this endpoint');
      check(fields.strength !== undefined, 'strength: required with an image');
      unit(fields, 'strength');
      const image = checkImage(files.image, 'image', { minSide: 64, minPixels: 4096, maxPixels: 9_437_184 });
      return sizeAt(image.width / image.height, pixels);
    }
    check(files.image === undefined, 'image: only with mode=image-to-image');
    const aspect = fields.aspect_ratio ?? '1:1';
    check(ASPECTS.includes(aspect), `aspect_ratio: must be one of ${ASPECTS.join(', ')}`);
    return sizeAt(aspectRatio(aspect), pixels);
  };

const control: Route = (fields, files) => {
  checkCommon(fields, true);
  unit(fields, 'control_strength');
  const image = checkImage(files.image, 'image', { minSide: 64, minPixels: 4096, maxPixels: 9_437_184, aspect: true });
  return sizeAt(image.width / image.height, 1_048_576);
};

const ROUTES: Record<string, Route> = {
  '/v2beta/stable-image/generate/core': generate(1_572_864),
  '/v2beta/stable-image/generate/ultra': generate(1_048_576, { imageToImage: true }),
  '/v2beta/stable-image/generate/sd3': generate(1_048_576, { sd3: true, imageToImage: true }),
  '/v2beta/stable-image/control/sketch': control,
  '/v2beta/stable-image/control/structure': control,
  '/v2beta/stable-image/edit/inpaint': (fields, files) => {
    checkCommon(fields, true);
    if (fields.grow_mask !== undefined) unit(fields, 'grow_mask', 0, 100);
    const image = checkImage(files.image, 'image', {
      minSide: 64,
      minPixels: 4096,
      maxPixels: 9_437_184,
      aspect: true,
    });
    check(files.mask !== undefined || image.hasAlpha, 'mask: required when the image has no alpha channel');
    return { width: image.width, height: image.height };
  },
  '/v2beta/stable-image/upscale/fast': (fields, files) => {
    if (fields.output_format !== undefined)
      check(FORMATS.includes(fields.output_format), 'output_format: must be one of png, jpeg, webp');
    const image = checkImage(files.image, 'image', {
      minSide: 32,
      maxSide: 1536,
      minPixels: 1024,
      maxPixels: 1_048_576,
    });
    return { width: image.width * 4, height: image.height * 4 };
  },
  '/v2beta/stable-image/upscale/conservative': (fields, files) => {
    checkCommon(fields, true);
    unit(fields, 'creativity', 0.2, 0.5);
    const image = checkImage(files.image, 'image', {
      minSide: 64,
      minPixels: 4096,
      maxPixels: 9_437_184,
      aspect: true,
    });
    return sizeAt(image.width / image.height, 4_194_304);
  },
};

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
