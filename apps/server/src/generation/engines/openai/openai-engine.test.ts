import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EngineEvent, EngineTask } from '../../engine.ts';
import { createOpenAiEngine } from './openai-engine.ts';
import { apiSize } from './openai-images.ts';

/** What the fake API received: JSON for generations, multipart form data for edits. */
interface Received {
  method: string;
  path: string;
  auth: string | undefined;
  json?: Record<string, unknown>;
  form?: FormData;
}

type Reply = (req: Received, res: ServerResponse) => void | Promise<void>;

let server: Server;
let baseURL: string;
let received: Received[] = [];
let reply: Reply;

const png = (w: number, h: number, colour: string) =>
  sharp({ create: { width: w, height: h, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** Answers like the images API: `data` holds base64 PNGs, one per requested image. */
const answerImages: Reply = async (req, res) => {
  const n = Number(req.json?.n ?? req.form?.get('n') ?? 1);
  const image = (await png(1536, 1024, '#3080c0')).toString('base64');
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ created: 1, data: Array.from({ length: n }, () => ({ b64_json: image })) }));
};

const answerError =
  (status: number, code: string, message = 'upstream says: secret prompt text'): Reply =>
  (_req, res) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ error: { message, type: 'invalid_request_error', code } }));
  };

async function readRequest(req: IncomingMessage): Promise<Received> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const type = req.headers['content-type'] ?? '';
  const out: Received = { method: req.method ?? '', path: req.url ?? '', auth: req.headers.authorization };
  if (type.startsWith('application/json')) out.json = JSON.parse(body.toString('utf8'));
  if (type.startsWith('multipart/form-data')) {
    out.form = await new Request('http://fake/', {
      method: 'POST',
      headers: { 'content-type': type },
      body,
    }).formData();
  }
  return out;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    readRequest(req)
      .then(async (r) => {
        received.push(r);
        await reply(r, res);
      })
      .catch((err: unknown) => res.destroy(err as Error));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  received = [];
  reply = answerImages;
});

function task(overrides: Partial<EngineTask> = {}): EngineTask {
  return {
    id: 'task-1',
    attempt: 1,
    mode: 'text',
    type: 'interior',
    model: 'architecture',
    prompt: 'a japandi living room, timber and plaster',
    negativePrompt: 'people, text',
    width: 768,
    height: 512,
    count: 2,
    quality: 'HD',
    seed: 1,
    imageWeight: 0.5,
    textWeight: 0.5,
    controlStrength: 0.5,
    tags: { style: ['japandi'], material: ['timber'], function: ['living-room'] },
    images: {},
    ...overrides,
  };
}

async function run(t: EngineTask, signal = new AbortController().signal) {
  const engine = createOpenAiEngine({ apiKey: 'sk-test', baseURL });
  const events: EngineEvent[] = [];
  const result = await engine.run(t, { signal, onEvent: (e) => events.push(e) });
  return { ...result, events };
}

describe('openai engine', () => {
  it('generates from text: prompt with the negative folded in, nearest size, n, quality', async () => {
    const { images, events } = await run(task());
    expect(received).toHaveLength(1);
    const [req] = received;
    expect([req!.method, req!.path, req!.auth]).toEqual(['POST', '/v1/images/generations', 'Bearer sk-test']);
    expect(req!.json).toMatchObject({
      model: 'gpt-image-2',
      prompt: 'a japandi living room, timber and plaster\n\nAvoid: people, text',
      n: 2,
      size: '1536x1024',
      quality: 'medium',
      output_format: 'png',
    });
    expect(images).toHaveLength(2);
    const meta = await sharp(images[0]!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 768, 512]);
    expect(events[0]).toEqual({ type: 'started' });
    expect(events.at(-1)).toEqual({ type: 'progress', percent: 100 });
  });

  it('maps sizes to the nearest supported one', () => {
    expect(apiSize(1024, 1024)).toBe('1024x1024');
    expect(apiSize(1920, 1080)).toBe('1536x1024');
    expect(apiSize(900, 1600)).toBe('1024x1536');
    expect(apiSize(1100, 1000)).toBe('1024x1024');
  });

  it('edits with the base image and a mask that is transparent where the picture should change', async () => {
    const base = await png(200, 100, '#808080');
    const mask = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="#000"/><rect width="50" height="100" fill="#fff"/></svg>',
      ),
    )
      .png()
      .toBuffer();
    const { images } = await run(task({ mode: 'edit', count: 1, width: 200, height: 100, images: { base, mask } }));
    const [req] = received;
    expect(req!.path).toBe('/v1/images/edits');
    const form = req!.form!;
    expect(form.get('model')).toBe('gpt-image-2');
    expect(form.get('n')).toBe('1');
    expect(form.get('size')).toBe('1536x1024');
    expect(String(form.get('prompt'))).toContain('Avoid: people, text');

    const image = form.get('image') as File;
    expect(image.type).toBe('image/png');
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(200);

    const sentMask = Buffer.from(await (form.get('mask') as File).arrayBuffer());
    const { data, info } = await sharp(sentMask).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([200, 100, 4]);
    const alphaAt = (x: number, y: number) => data[(y * 200 + x) * 4 + 3];
    expect(alphaAt(10, 50)).toBe(0); // white in our mask: to change
    expect(alphaAt(150, 50)).toBe(255); // black: to keep

    expect((await sharp(images[0]!).metadata()).width).toBe(200);
  });

  it('iterates with the reference as a second image', async () => {
    const base = await png(300, 200, '#808080');
    const reference = await png(64, 64, '#c04020');
    await run(task({ mode: 'iterate', images: { base, reference } }));
    const form = received[0]!.form!;
    const images = form.getAll('image[]') as File[];
    expect(images).toHaveLength(2);
    expect(form.get('mask')).toBeNull();
    expect(String(form.get('prompt'))).toContain('second image');
  });

  it('refuses upscale without calling the API', async () => {
    await expect(
      run(task({ mode: 'upscale', upscale: 2, images: { base: await png(10, 10, '#000') } })),
    ).rejects.toMatchObject({ kind: 'invalid' });
    expect(received).toHaveLength(0);
  });

  it.each([
    [400, 'moderation_blocked', 'invalid', 'content policy'],
    [400, 'invalid_value', 'invalid', 'request refused'],
    [401, 'invalid_api_key', 'invalid', 'API key rejected'],
    [429, 'rate_limit_exceeded', 'unavailable', 'unavailable'],
    [500, 'server_error', 'unavailable', 'unavailable'],
    [503, 'overloaded', 'unavailable', 'unavailable'],
  ])('maps HTTP %i %s to %s without the provider text', async (status, code, kind, words) => {
    reply = answerError(status, code);
    const failure = await run(task()).catch((e: unknown) => e);
    expect(failure).toMatchObject({ kind });
    const message = (failure as Error).message;
    expect(message).toContain(words);
    expect(message).not.toContain('secret prompt text');
    // No silent retry: the lifecycle decides.
    expect(received).toHaveLength(1);
  });

  it('maps a refused connection to unavailable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const engine = createOpenAiEngine({ apiKey: 'sk-test', baseURL: `http://127.0.0.1:${port}/v1` });
    await expect(engine.run(task(), { signal: new AbortController().signal, onEvent: () => {} })).rejects.toMatchObject(
      {
        kind: 'unavailable',
      },
    );
  });

  it('aborts the request and rejects as interrupted, while saying it cannot stop the provider', async () => {
    const controller = new AbortController();
    reply = () => {
      controller.abort(); // the user cancels while the provider is working; never answer
    };
    const engine = createOpenAiEngine({ apiKey: 'sk-test', baseURL });
    expect(engine.canCancelRunning).toBe(false);
    await expect(engine.run(task(), { signal: controller.signal, onEvent: () => {} })).rejects.toMatchObject({
      kind: 'interrupted',
    });
  });

  it('reports health from the key and a models call', async () => {
    expect((await createOpenAiEngine({ apiKey: '', baseURL }).health()).ok).toBe(false);
    reply = (_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ id: 'gpt-image-2', object: 'model', created: 1, owned_by: 'system' }));
    };
    expect(await createOpenAiEngine({ apiKey: 'sk-test', baseURL }).health()).toMatchObject({ ok: true });
    expect(received.at(-1)!.path).toBe('/v1/models/gpt-image-2');
    reply = answerError(401, 'invalid_api_key');
    expect(await createOpenAiEngine({ apiKey: 'sk-bad', baseURL }).health()).toMatchObject({ ok: false });
  });
});
