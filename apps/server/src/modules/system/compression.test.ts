import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressionPlugin } from '../../plugins/compression.ts';
import { buildTestApp, type TestApp } from '../../../test-support/test-app.ts';

const INDEX = `<!doctype html><title>Turing Design</title>${'<!-- app shell -->'.repeat(20)}`;
const SCRIPT = `console.log(${JSON.stringify('turing '.repeat(400))});`;

const BROTLI_MAX = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } };

/** A fake build laid out as Vite writes it: every text file with its .br and .gz twins. */
function writeDist(dir: string) {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  const write = (name: string, text: string) => {
    fs.writeFileSync(path.join(dir, name), text);
    fs.writeFileSync(path.join(dir, `${name}.br`), zlib.brotliCompressSync(text, BROTLI_MAX));
    fs.writeFileSync(path.join(dir, `${name}.gz`), zlib.gzipSync(text, { level: 9 }));
  };
  write('index.html', INDEX);
  write('assets/index-abc123.js', SCRIPT);
}

let web: TestApp;
let distDir: string;
beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turing-dist-'));
  writeDist(distDir);
  web = await buildTestApp({ WEB_DIST: distDir });
});
afterAll(async () => {
  await web.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

/** The twin on disk, byte for byte: the server sends the build's file, it does not compress again. */
const twin = (name: string) => fs.readFileSync(path.join(distDir, name));

const get = (url: string, acceptEncoding?: string) =>
  web.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the built web app', () => {
  it('sends the brotli file to a browser that accepts br, keeping the year-long cache', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(twin('assets/index-abc123.js.br'))).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip file to a client that accepts only gzip', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.equals(twin('assets/index-abc123.js.gz'))).toBe(true);
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the plain file when no encoding is accepted', async () => {
    for (const accept of [undefined, 'identity']) {
      const res = await get('/assets/index-abc123.js', accept);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(SCRIPT);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('serves index.html compressed and still revalidated at every load', async () => {
    const res = await get('/', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.rawPayload.equals(twin('index.html.br'))).toBe(true);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
    const plain = await get('/index.html');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(INDEX);
  });
});

describe('headers of the built files', () => {
  it('keeps the page headers on index.html and leaves page-only ones off scripts', async () => {
    const index = await get('/', 'br');
    expect(index.headers['content-security-policy']).toContain("default-src 'self'");
    expect(index.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(index.headers.etag).toBeTruthy();
    const script = await get('/assets/index-abc123.js', 'br');
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(script.headers['x-frame-options']).toBeUndefined();
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(script.headers.etag).toBeUndefined();
  });
});

describe('API answers', () => {
  it('compresses a large JSON answer for the encoding the caller accepts', async () => {
    const br = await get('/turing/docs/json', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const doc = JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString());
    expect(doc.openapi).toMatch(/^3\./);
    const gzip = await get('/turing/docs/json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(doc);
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(doc).length / 3);
  });

  it('leaves a tiny JSON answer as it is', async () => {
    const res = await get('/turing/health', 'gzip, br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: 200, data: { ok: true } });
  });

  it('leaves stored images as they are', async () => {
    const image = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(4096)]);
    fs.mkdirSync(path.join(web.config.filesDir, 'avatar'), { recursive: true });
    fs.writeFileSync(path.join(web.config.filesDir, 'avatar', 'a.png'), image);
    const res = await get('/files/avatar/a.png', 'gzip, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(image)).toBe(true);
  });
});

describe('event streams', () => {
  it('pass through uncompressed, so each event reaches the browser at once', async () => {
    const app = Fastify({ logger: false });
    await app.register(compressionPlugin);
    const events = Array.from({ length: 50 }, (_, i) => `id: ${i}\ndata: {"progress":${i}}\n\n`);
    app.get('/events', (_req, reply) => reply.type('text/event-stream').send(Readable.from(events)));
    try {
      const res = await app.inject({ method: 'GET', url: '/events', headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.headers['content-type']).toBe('text/event-stream');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(events.join(''));
    } finally {
      await app.close();
    }
  });
});
