import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bootData, type BootData } from '@turing/contract';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { banners } from '../db/schema/index.ts';
import { BOOT_DATA_TTL_MS, createIndexPage, withBootData } from './index-page.ts';

const config = { ipCountryLookupUrl: null, testPayments: false };

describe('the data index.html carries', () => {
  it('cannot end its element early, whatever a banner says', () => {
    const data: BootData = {
      config,
      banners: [
        {
          id: '1',
          title: { en: '</script><script>alert(1)</script>', zh: '<!--' },
          subtitle: { en: '', zh: '' },
          imageUrl: '/files/public/banner/x.webp',
          link: '/design',
        },
      ],
    };
    const html = withBootData('<head><title>T</title><script>1</script></head>', data);
    const block = html.match(/<script type="application\/json" id="boot-data">([\s\S]*?)<\/script>/)!;
    expect(block[1]).not.toContain('<');
    expect(JSON.parse(block[1]!)).toEqual(data);
    // Before the first script, which reads it.
    expect(html.indexOf('id="boot-data"')).toBeLessThan(html.indexOf('<script>1</script>'));
  });

  it('is read again after its time to live, and the page is remade only when it changed', async () => {
    let now = 0;
    let title = 'First';
    const load = vi.fn(async (): Promise<BootData> => ({
      config,
      banners: [{ id: '1', title: { en: title, zh: title }, subtitle: { en: '', zh: '' }, imageUrl: '/i', link: '' }],
    }));
    const page = createIndexPage({ template: '<head><script>1</script></head>', load, now: () => now });
    const first = await page.get();
    expect(first.html.toString()).toContain('First');
    expect(await page.get()).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
    now = BOOT_DATA_TTL_MS;
    expect(await page.get()).toBe(first);
    expect(load).toHaveBeenCalledTimes(2);
    title = 'Second';
    now = 2 * BOOT_DATA_TTL_MS;
    const second = await page.get();
    expect(second.html.toString()).toContain('Second');
    expect(second.etag).not.toBe(first.etag);
    expect(brotliDecompressSync(second.br).toString()).toBe(second.html.toString());
  });

  it('is left out while it cannot be read, and tried again at the next request', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('database down')).mockResolvedValue({ config, banners: [] });
    const page = createIndexPage({ template: '<head><script>1</script></head>', load, onError: () => {} });
    expect((await page.get()).html.toString()).toBe('<head><script>1</script></head>');
    expect((await page.get()).html.toString()).toContain('id="boot-data"');
  });
});

describe('index.html as the server sends it', () => {
  let t: TestApp;
  const prePaint = "(function(){document.documentElement.dataset.boot='app'})()";
  const fill = "(function(){var d=document.getElementById('boot-data')})()";
  beforeAll(async () => {
    const dist = path.join(fs.mkdtempSync(path.join((await import('node:os')).tmpdir(), 'web-dist-')));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><html><head><title>Turing Design</title><script>${prePaint}</script>` +
        `<script type="module" crossorigin src="/assets/index-abc.js"></script></head>` +
        `<body><div id="root"></div><script>${fill}</script></body></html>`,
    );
    t = await buildTestApp({ WEB_DIST: dist });
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const dataOf = (body: string) =>
    JSON.parse(body.match(/<script type="application\/json" id="boot-data">([\s\S]*?)<\/script>/)![1]!) as BootData;

  it('carries the client configuration and the banners, is revalidated, and its policy allows exactly its executed scripts', async () => {
    await t.database.db.insert(banners).values({
      titleEn: 'Interiors week',
      titleZh: '室内设计周',
      subtitleEn: 'Calm rooms',
      subtitleZh: '宁静空间',
      imageKey: 'public/banner/one.webp',
      link: '/design',
    });
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('br');
    const body = brotliDecompressSync(res.rawPayload).toString();
    const config = await t.app.inject({
      method: 'GET',
      url: '/turing/config',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/turing/community/banners',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(bootData.parse(dataOf(body))).toEqual({ config: config.json().data, banners: list.json().data });
    expect(dataOf(body).banners[0]).toMatchObject({
      title: { en: 'Interiors week' },
      imageUrl: '/files/public/banner/one.webp',
    });

    const executed = [...body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
    );
    expect(executed).toHaveLength(2);
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.startsWith('script-src '))!
      .split(' ')
      .slice(1);
    expect(scriptSrc.filter((s) => s.startsWith("'sha256-")).sort()).toEqual(executed.sort());

    // The same page, unchanged: the browser keeps its copy.
    const again = await t.app.inject({
      method: 'GET',
      url: '/index.html',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const plain = await t.app.inject({ method: 'GET', url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(body);
  });

  it('shows an operator’s banner change within the data’s time to live', async () => {
    const before = dataOf((await t.app.inject({ method: 'GET', url: '/' })).body);
    await t.database.db.update(banners).set({ titleEn: 'Timber week' }).where(eq(banners.link, '/design'));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + BOOT_DATA_TTL_MS });
    const after = dataOf((await t.app.inject({ method: 'GET', url: '/' })).body);
    expect(before.banners[0]!.title.en).toBe('Interiors week');
    expect(after.banners[0]!.title.en).toBe('Timber week');
  });
});
