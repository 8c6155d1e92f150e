import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from './metrics.ts';

export interface MetricsServer {
  /** The port it listens on (the one asked for, or the one the system chose for port 0). */
  port: number;
  close(): Promise<void>;
}

/** `host:port` (METRICS_LISTEN, already checked by the configuration); an IPv6 host in brackets. */
export function splitListen(listen: string): { host: string; port: number } {
  const cut = listen.lastIndexOf(':');
  return { host: listen.slice(0, cut).replace(/^\[(.*)\]$/, '$1'), port: Number(listen.slice(cut + 1)) };
}

/**
 * `GET /metrics` on a listener of its own (METRICS_LISTEN), never on the public port: the figures
 * say how busy the service is and which engines and providers it runs, which is the operators'
 * business. A plain HTTP server with one route; everything else is a 404. Starting it turns on
 * Node's own process metrics, which only a served registry needs.
 */
export async function serveMetrics(metrics: Metrics, listen: string): Promise<MetricsServer> {
  const { host, port } = splitListen(listen);
  metrics.collectProcess();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: GET /metrics\n');
      return;
    }
    metrics.text().then(
      (body) => {
        res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      (err: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`metrics failed: ${err instanceof Error ? err.message : String(err)}\n`);
      },
    );
  });
  // A scraper keeps its connection between scrapes; a shutdown does not wait for it.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err) => reject(new Error(`METRICS_LISTEN=${listen}: ${err.message}`, { cause: err })));
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
