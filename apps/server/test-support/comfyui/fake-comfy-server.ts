import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Graph } from '../../src/generation/engines/comfyui/comfy-types.ts';
import { FakePromptQueue, type NodeFailure } from './fake-comfy-queue.ts';
import { fakeObjectInfo, type FakeModels } from './fake-comfy-nodes.ts';
import { validatePrompt } from './fake-comfy-validate.ts';

export interface FakeComfyOptions {
  models?: Partial<FakeModels>;
  /** Node classes this server lacks. */
  missingNodes?: string[];
  stepDelayMs?: number;
  /** Behave like servers older than the prompt_id field: pick an id of its own. */
  ownPromptIds?: boolean;
}

export const FAKE_MODELS: FakeModels = {
  checkpoints: ['arch-v1.safetensors', 'arch-v2-beta.safetensors'],
  controlnets: ['depth.safetensors', 'lineart.safetensors'],
  upscaleModels: ['4x-ultrasharp.pth'],
  ipadapters: ['ip-adapter-plus_sdxl_vit-h.safetensors'],
  clipVisions: ['CLIP-ViT-H-14-laion2B-s32B-b79K.safetensors'],
};

/**
 * A ComfyUI stand-in speaking its HTTP and /ws protocol (server.py), for engine tests. Faults:
 * `queue.fault` (silent / hang), `queue.hold`, `queue.failClass`, `failAtOnce`, `restart()`
 * (sockets dropped, queue and history forgotten), `down()` / `up()` (the process dies: connections
 * refused until it is back, with nothing remembered) and `freeze()` / `thaw()` (the machine stops:
 * TCP connections are accepted and never answered, sockets stay open and silent).
 */
export class FakeComfyServer {
  readonly queue: FakePromptQueue;
  /**
   * The next prompts fail in their first node at once; `before-answer`: the socket messages leave
   * before the HTTP answer to POST /prompt (as when execution beats aiohttp's write), `after-answer`:
   * right after it.
   */
  failAtOnce: (NodeFailure & { order: 'before-answer' | 'after-answer' }) | undefined;
  /** Every request as "METHOD /path" with its JSON body, for assertions. */
  readonly requests: { route: string; body?: unknown }[] = [];
  readonly models: FakeModels;
  private readonly missingNodes: string[];
  private readonly ownPromptIds: boolean;
  private readonly server = http.createServer((req, res) => {
    this.handle(req, res).catch(() => res.destroy());
  });
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly sockets = new Map<string, WebSocket>();
  private readonly inputs = new Set<string>();
  /** Connections a frozen machine took and never answers. */
  private readonly held = new Set<{ destroy(): void }>();
  private port = 0;

  private constructor(options: FakeComfyOptions) {
    this.models = { ...FAKE_MODELS, ...options.models };
    this.missingNodes = options.missingNodes ?? [];
    this.ownPromptIds = options.ownPromptIds ?? false;
    this.queue = new FakePromptQueue(
      (type, data, sid) => this.sendJson(type, data, sid),
      (bytes, sid) => this.target(sid).forEach((ws) => ws.send(bytes)),
      options.stepDelayMs ?? 2,
    );
    this.server.on('upgrade', (req, socket, head) => {
      if (this.queue.frozen) return void this.held.add(socket);
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname !== '/ws') return socket.destroy();
      this.wss.handleUpgrade(req, socket, head, (ws) => this.connected(ws, url.searchParams.get('clientId') ?? ''));
    });
  }

  static async start(options: FakeComfyOptions = {}): Promise<FakeComfyServer> {
    const fake = new FakeComfyServer(options);
    await fake.up();
    return fake;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  bodiesOf(route: string): unknown[] {
    return this.requests.filter((r) => r.route === route).map((r) => r.body);
  }

  /** Like a process restart: sockets dropped, queue, history and cache forgotten; it keeps listening. */
  restart(): void {
    this.queue.reset();
    for (const ws of this.sockets.values()) ws.terminate();
    this.sockets.clear();
  }

  /** The machine stops answering anything, without closing a connection. */
  freeze(): void {
    this.queue.frozen = true;
  }

  /** The machine runs again; requests it took while frozen were given up by their clients. */
  thaw(): void {
    this.queue.frozen = false;
    for (const socket of this.held) socket.destroy();
    this.held.clear();
    this.queue.wakeUp();
  }

  /** Stops listening (connections refused) after a restart-like loss of state. */
  async down(): Promise<void> {
    this.restart();
    for (const socket of this.held) socket.destroy();
    this.held.clear();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  async up(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    this.queue.reset();
    this.wss.close();
    if (this.server.listening) await this.down();
  }

  private connected(ws: WebSocket, clientId: string): void {
    // server.py: a known clientId replaces its old socket; the new one gets the status and the running node.
    const sid = clientId || randomUUID().replace(/-/g, '');
    this.sockets.get(sid)?.terminate();
    this.sockets.set(sid, ws);
    ws.on('close', () => this.sockets.get(sid) === ws && this.sockets.delete(sid));
    ws.send(
      JSON.stringify({
        type: 'status',
        data: { status: { exec_info: { queue_remaining: this.queue.remaining() } }, sid },
      }),
    );
    if (this.queue.running?.extra.client_id === sid && this.queue.lastNode) {
      ws.send(JSON.stringify({ type: 'executing', data: { node: this.queue.lastNode } }));
    }
  }

  private target(sid?: string): WebSocket[] {
    if (sid === undefined) return [...this.sockets.values()];
    const ws = this.sockets.get(sid);
    return ws ? [ws] : [];
  }

  private sendJson(type: string, data: Record<string, unknown>, sid?: string): void {
    for (const ws of this.target(sid)) ws.send(JSON.stringify({ type, data }));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://x');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const type = req.headers['content-type'] ?? '';
    const body: unknown = type.includes('application/json') && raw.length > 0 ? JSON.parse(raw.toString()) : undefined;
    const route = `${req.method} ${url.pathname}`;
    this.requests.push({ route, body });
    if (this.queue.frozen) return void this.held.add(req.socket);
    const json = (value: unknown, status = 200): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    };
    const b = (body ?? {}) as Record<string, unknown>;
    const historyMatch = /^\/history\/(.+)$/.exec(url.pathname);

    if (route === 'GET /object_info') return json(fakeObjectInfo(this.models, this.missingNodes));
    if (route === 'GET /queue') return json(this.queue.queueInfo());
    if (route === 'GET /prompt') return json({ exec_info: { queue_remaining: this.queue.remaining() } });
    if (route === 'POST /queue') {
      if (b.clear) this.queue.pending = [];
      for (const id of (b.delete as string[] | undefined) ?? []) this.queue.deletePending(id);
      return void res.writeHead(200).end();
    }
    if (route === 'POST /prompt') return this.postPrompt(b, json);
    if (route === 'POST /interrupt') {
      this.queue.interrupt(typeof b.prompt_id === 'string' ? b.prompt_id : undefined);
      return void res.writeHead(200).end();
    }
    if (req.method === 'GET' && historyMatch) {
      const id = decodeURIComponent(historyMatch[1]!);
      const entry = this.queue.history.get(id);
      return json(entry ? { [id]: entry } : {});
    }
    if (route === 'GET /history') return json(Object.fromEntries(this.queue.history));
    if (route === 'POST /history') {
      if (b.clear) this.queue.history.clear();
      for (const id of (b.delete as string[] | undefined) ?? []) this.queue.history.delete(id);
      return void res.writeHead(200).end();
    }
    if (route === 'GET /view') {
      const key = `${url.searchParams.get('type') ?? 'output'}/${url.searchParams.get('subfolder') ?? ''}/${url.searchParams.get('filename')}`;
      const file = this.queue.files.get(key);
      if (!file) return void res.writeHead(404).end();
      return void res.writeHead(200, { 'content-type': 'image/png' }).end(file);
    }
    if (route === 'POST /upload/image' || route === 'POST /upload/mask') {
      const form = await new Response(raw, { headers: { 'content-type': type } }).formData();
      const image = form.get('image');
      if (!(image instanceof File) || !image.name) return void res.writeHead(400).end();
      const subfolder = String(form.get('subfolder') ?? '');
      // /upload/mask would copy this image's alpha onto `original_ref`; stored as sent is enough here.
      this.queue.files.set(`input/${subfolder}/${image.name}`, Buffer.from(await image.arrayBuffer()));
      this.inputs.add(subfolder ? `${subfolder}/${image.name}` : image.name);
      return json({ name: image.name, subfolder, type: 'input' });
    }
    res.writeHead(404).end();
  }

  private postPrompt(b: Record<string, unknown>, json: (value: unknown, status?: number) => void): void {
    const known = new Set(Object.keys(fakeObjectInfo(this.models, this.missingNodes)));
    const valid = validatePrompt(b.prompt, known, this.models, this.inputs);
    if (!valid.ok) return json(valid.body, valid.status);
    const id = typeof b.prompt_id === 'string' && !this.ownPromptIds ? b.prompt_id : randomUUID();
    const number = this.queue.number++;
    const extra = typeof b.client_id === 'string' ? { client_id: b.client_id } : {};
    const fail = this.failAtOnce;
    this.queue.put({ number, id, prompt: b.prompt as Graph, extra, outputs: valid.outputs, failAtOnce: fail });
    const answer = () => json({ prompt_id: id, number, node_errors: {} });
    if (fail?.order !== 'before-answer') return answer();
    this.queue.pump();
    setTimeout(answer, 20);
  }
}
