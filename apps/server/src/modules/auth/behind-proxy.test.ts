import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { appHeaders, buildTestApp, type TestApp } from '../../../test-support/test-app.ts';

/**
 * The per-IP limits as deployed behind a reverse proxy: the app listens on a loopback port, and a
 * proxy in front of it forwards each request the way nginx's `$proxy_add_x_forwarded_for` does,
 * appending the address its client connected from to whatever X-Forwarded-For the client sent.
 * Every request reaches the app from the proxy's own address.
 */
const CLIENT = 'x-client-address'; // which client the proxy is serving (a test stands in for many)

async function startProxy(targetPort: number) {
  const server = http.createServer((req, res) => {
    const { [CLIENT]: client, ...headers } = req.headers;
    const given = req.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = given ? `${String(given)}, ${String(client)}` : String(client);
    const upstream = http.request(
      { host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.reverse()) await close();
  closing = [];
});

/** The app with TRUST_PROXY as given (unset when null), two logins a minute per address, behind the proxy. */
async function behindProxy(trustProxy: string | null) {
  const t: TestApp = await buildTestApp({
    LOGIN_IP_LIMIT: '2',
    ...(trustProxy === null ? {} : { TRUST_PROXY: trustProxy }),
  });
  closing.push(() => t.close());
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const proxy = await startProxy((t.app.server.address() as AddressInfo).port);
  closing.push(proxy.close);

  let attempt = 0;
  /** A failed login from `client`, optionally claiming another address itself; its HTTP status. */
  return async (client: string, claimed?: string) => {
    attempt += 1;
    const res = await fetch(`${proxy.url}/turing/unauthorized/login`, {
      method: 'POST',
      headers: {
        ...appHeaders(),
        'content-type': 'application/json',
        [CLIENT]: client,
        ...(claimed ? { 'x-forwarded-for': claimed } : {}),
      },
      body: JSON.stringify({ email: `nobody${attempt}@example.com`, password: 'secret123' }),
    });
    await res.arrayBuffer();
    return res.status;
  };
}

describe('per-IP limits behind a proxy', () => {
  it.each([
    ['a hop count', '1'],
    ['the proxy address', '127.0.0.1'],
    ['a range holding the proxy', '10.0.0.0/8, 127.0.0.0/8, ::1'],
    ['true', 'true'],
  ])('count each client apart when TRUST_PROXY is %s', async (_form, value) => {
    const login = await behindProxy(value);
    expect([await login('203.0.113.1'), await login('203.0.113.1'), await login('203.0.113.1')]).toEqual([
      400, 400, 429,
    ]);
    // Another client through the same proxy still has its own attempts.
    expect([await login('203.0.113.2'), await login('203.0.113.2')]).toEqual([400, 400]);
  });

  it('do not let a client reset its limit by sending X-Forwarded-For itself through one trusted hop', async () => {
    const login = await behindProxy('1');
    const statuses = [];
    for (const claimed of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      statuses.push(await login('203.0.113.7', claimed));
    }
    expect(statuses).toEqual([400, 400, 429]);
  });

  it.each([
    ['unset', null],
    ['a range the proxy is not in', '10.0.0.0/8'],
  ])('ignore X-Forwarded-For when TRUST_PROXY is %s: every client is the proxy', async (_form, value) => {
    const login = await behindProxy(value);
    expect([await login('203.0.113.1'), await login('203.0.113.1')]).toEqual([400, 400]);
    expect(await login('203.0.113.2')).toBe(429);
  });
});
