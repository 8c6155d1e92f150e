import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A throw-away HTTP server on loopback standing in for a third-party API in tests. */
export async function fakeServer(handler: (req: Recorded) => { status?: number; json?: unknown; text?: string }) {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const rec = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body };
      requests.push(rec);
      const out = handler(rec);
      res.writeHead(out.status ?? 200, { 'content-type': out.json !== undefined ? 'application/json' : 'text/plain' });
      res.end(out.json !== undefined ? JSON.stringify(out.json) : (out.text ?? ''));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
