import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import sharp from 'sharp';

export interface Request {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The body as JSON, or undefined. */
  json: unknown;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  json?: unknown;
  text?: string;
  bytes?: Buffer;
}

/**
 * A fault the fake answers with instead of its documented behaviour, once, for the next request to
 * a route: a status (429 with Retry-After, a 5xx), `hang` (reads the request, never answers, keeps
 * the socket open), or `pass` (the documented answer, so a fault can be lined up for a later request).
 */
export type Fault = { status: number; headers?: Record<string, string>; json?: unknown } | 'hang' | 'pass';

/** The shared plumbing of the provider fakes: a loopback server, request log, faults per route, result images. */
export class FakeProviderBase {
  url = '';
  readonly requests: Request[] = [];
  private readonly faults = new Map<string, Fault[]>();
  private readonly sockets = new Set<Socket>();
  private readonly server: http.Server;
  /** Result images by file name, with when their signed link stops working (epoch ms, on `now()`). */
  protected readonly files = new Map<string, { png: Buffer; expiresAt: number }>();
  /** How far the fake's clock is ahead of the real one (`advance`). */
  private skewMs = 0;

  private readonly route: (req: Request) => string;
  private readonly handle: (req: Request) => Promise<Reply> | Reply;

  constructor(route: (req: Request) => string, handle: (req: Request) => Promise<Reply> | Reply) {
    this.route = route;
    this.handle = handle;
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const u = new URL(req.url ?? '/', 'http://fake');
        const body = Buffer.concat(chunks);
        let json: unknown;
        try {
          json = body.length ? JSON.parse(body.toString('utf8')) : undefined;
        } catch {
          json = undefined;
        }
        const request: Request = {
          method: req.method ?? 'GET',
          path: u.pathname,
          query: u.searchParams,
          headers: req.headers,
          body,
          json,
        };
        this.requests.push(request);
        const fault = this.faults.get(this.route(request))?.shift();
        if (fault === 'hang') return;
        Promise.resolve(fault && fault !== 'pass' ? { ...fault } : this.handle(request))
          .then((reply) => this.send(res, reply))
          .catch((err: unknown) => this.send(res, { status: 500, json: { error: String(err) } }));
      });
    });
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
  }

  private send(res: http.ServerResponse, reply: Reply) {
    const type = reply.json !== undefined ? 'application/json' : reply.bytes ? 'image/png' : 'text/plain';
    res.writeHead(reply.status, { 'content-type': type, ...reply.headers });
    res.end(reply.json !== undefined ? JSON.stringify(reply.json) : (reply.bytes ?? reply.text ?? ''));
  }

  /** Listens on loopback, on `port` when given (a journey's server is configured with it before it starts). */
  async listen(port = 0) {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** The next requests to `route` meet these faults, in order. */
  fail(route: string, ...faults: Fault[]) {
    this.faults.set(route, [...(this.faults.get(route) ?? []), ...faults]);
  }

  requestsTo(route: string) {
    return this.requests.filter((r) => this.route(r) === route);
  }

  /** The fake's time (epoch ms): the real clock, moved on by `advance`. Signed links expire on it. */
  now() {
    return Date.now() + this.skewMs;
  }

  /** Moves the fake's clock on by `ms`: links whose life ends within it answer as expired from then on. */
  advance(ms: number) {
    this.skewMs += ms;
  }

  /** A result image of that size, stored under `name` with the end of its link's life (on `now()`). */
  protected async store(name: string, width: number, height: number, ttlMs: number) {
    const png = await sharp({ create: { width, height, channels: 3, background: { r: 90, g: 120, b: 160 } } })
      .png()
      .toBuffer();
    const file = { png, expiresAt: this.now() + ttlMs };
    this.files.set(name, file);
    return file;
  }

  /** Stores a result image and returns its signed link. */
  protected async publish(name: string, width: number, height: number, ttlMs: number): Promise<string> {
    await this.store(name, width, height, ttlMs);
    return `${this.url}/results/${name}?sig=signed`;
  }

  /** Makes every result link issued so far answer as expired. */
  expireResults() {
    for (const f of this.files.values()) f.expiresAt = 0;
  }

  /** Serves a stored result while its link is valid; an expired or unknown one answers 403 (signed storage links do). */
  protected result(req: Request): Reply {
    const file = this.files.get(req.path.slice('/results/'.length));
    if (!file || this.now() >= file.expiresAt) {
      return { status: 403, text: 'AuthenticationFailed: signed link expired or not valid' };
    }
    return { status: 200, bytes: file.png };
  }

  async close() {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
