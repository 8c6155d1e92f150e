import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import * as contract from '@turing/contract';
import { APP_HEADER, SESSION_COOKIE, type Endpoint } from '@turing/contract';
import { buildApp } from '../app.ts';
import { appHeaders, buildTestApp, seedUser, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Every call of the contract that changes state, read from the contract itself. */
const mutating: Endpoint[] = (Object.values(contract) as unknown[])
  .filter((v): v is Record<string, Endpoint> => typeof v === 'object' && v !== null && !Array.isArray(v))
  .flatMap((group) => Object.values(group) as Partial<Endpoint>[])
  .filter((e): e is Endpoint => typeof e?.path === 'string' && typeof e.method === 'string' && 'mutates' in e)
  .filter((e) => e.method !== 'GET' || e.mutates);

/** Spellings of one path that the router resolves to the same route. */
const variants = (path: string) => {
  const full = `/turing${path}`;
  const hex = (c: string) => `%${c.charCodeAt(0).toString(16)}`;
  const last = full.lastIndexOf('/') + 1;
  return [
    full,
    `/%74uring${path}`,
    `/${hex('t').toUpperCase()}uring${path}`,
    `${full.slice(0, last)}${hex(full[last]!)}${full.slice(last + 1)}`,
  ];
};

describe('the app header (CSRF) check', () => {
  it('covers the whole contract', () => {
    expect(mutating.length).toBeGreaterThan(10);
    expect(mutating.map((e) => e.path)).toContain('/user/logout');
  });

  it('refuses every state-changing route without the header, however the path is spelled', async () => {
    const { cookie } = await seedUser(t);
    for (const endpoint of mutating) {
      for (const url of variants(endpoint.path)) {
        const res = await t.app.inject({
          method: endpoint.method,
          url,
          headers: { cookie, 'content-type': 'application/json' },
          payload: endpoint.method === 'GET' ? undefined : '{}',
        });
        expect({ url, status: res.statusCode, code: res.json().code }).toEqual({
          url,
          status: 403,
          code: 'APP_HEADER_MISSING',
        });
      }
    }
    // The session survived every refused logout.
    const info = await t.app.inject({ method: 'GET', url: '/turing/user/info', headers: { cookie } });
    expect(info.json().status).toBe(200);
  });

  it('lets the same encoded path through with the header', async () => {
    const { cookie } = await seedUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/%74uring/user/logout',
      headers: { cookie, [APP_HEADER.name]: APP_HEADER.value },
    });
    expect(res.json().status).toBe(200);
  });
});

describe('sessions', () => {
  it('are never read or renewed outside the API, so static answers carry no cookie', async () => {
    const { cookie } = await seedUser(t);
    // A stale session (older than a day) would be renewed with a Set-Cookie on any API call.
    for (const url of ['/files/avatar/none.webp', '/assets/none.js', '/index.html', '/']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: `${cookie}; x=1` } });
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
    const forged = await t.app.inject({
      method: 'GET',
      url: '/files/avatar/none.webp',
      headers: { cookie: `${SESSION_COOKIE}=forged` },
    });
    expect(forged.headers['set-cookie']).toBeUndefined();
  });
});

describe('client addresses for per-IP limits', () => {
  /** Three logins from one socket address, each claiming another client in X-Forwarded-For. */
  const statuses = async (app: TestApp['app'], forwarded: string[]) => {
    const out: number[] = [];
    for (const xff of forwarded) {
      const res = await app.inject({
        method: 'POST',
        url: '/turing/unauthorized/login',
        headers: { ...appHeaders(), 'x-forwarded-for': xff },
        payload: { email: 'nobody@example.com', password: 'secret123' },
        remoteAddress: '10.0.0.9',
      });
      out.push(res.statusCode);
    }
    return out;
  };

  it('ignore X-Forwarded-For unless a proxy is configured, so rotating it does not reset the limit', async () => {
    const direct = await buildTestApp({ LOGIN_IP_LIMIT: '2' });
    try {
      expect(await statuses(direct.app, ['203.0.113.1', '203.0.113.2', '203.0.113.3'])).toEqual([400, 400, 429]);
    } finally {
      await direct.close();
    }
  });

  it('take the client from X-Forwarded-For only when the socket is a configured proxy', async () => {
    const behindProxy = await buildTestApp({ LOGIN_IP_LIMIT: '2', TRUST_PROXY: '10.0.0.0/8' });
    try {
      expect(await statuses(behindProxy.app, ['203.0.113.1', '203.0.113.2', '203.0.113.3'])).toEqual([400, 400, 400]);
      expect(await statuses(behindProxy.app, ['203.0.113.4', '203.0.113.4', '203.0.113.4'])).toEqual([400, 400, 429]);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('request bodies', () => {
  it('are small unless a route says otherwise', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/turing/unauthorized/login',
      headers: { ...appHeaders(), 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('request log', () => {
  it('writes one line per API request without query strings, none for images', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const app = await buildApp({
      config: t.config,
      database: t.database,
      logger: pino({ level: 'info' }, sink),
    });
    try {
      await app.inject({ method: 'GET', url: '/turing/health/live?sig=SECRET&code=OAUTHCODE' });
      await app.inject({ method: 'GET', url: '/files/private/base/x.png?exp=1&sig=SECRET' });
      await app.inject({ method: 'GET', url: '/assets/app.js' });
      const requests = lines.filter((l) => l.msg === 'request');
      expect(requests).toHaveLength(1);
      expect(requests[0]).toMatchObject({ method: 'GET', url: '/turing/health/live?…', status: 200 });
      expect(JSON.stringify(lines)).not.toMatch(/SECRET|OAUTHCODE/);
    } finally {
      await app.close();
    }
  });
});

describe('health', () => {
  it('answers liveness without the database and readiness with it', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/turing/health/live' });
    expect(live.json()).toMatchObject({ status: 200, data: { ok: true } });
    const ready = await t.app.inject({ method: 'GET', url: '/turing/health/ready' });
    expect(ready.json()).toMatchObject({ status: 200, data: { ok: true } });
  });

  it('fails readiness while the process drains', async () => {
    const draining = await buildTestApp();
    try {
      draining.app.services!.lifecycle.drain();
      const ready = await draining.app.inject({ method: 'GET', url: '/turing/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().code).toBe('UNAVAILABLE');
      const live = await draining.app.inject({ method: 'GET', url: '/turing/health/live' });
      expect(live.statusCode).toBe(200);
    } finally {
      await draining.close();
    }
  });
});
