import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { communityEndpoints, systemEndpoints } from '@turing/contract';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('requests index.html started early', () => {
  let call: typeof import('./client.ts').call;
  beforeAll(async () => {
    // As in development: the page carries no answers of its own.
    document.getElementById('boot-data')?.remove();
    // index.html's first script leaves the answers it started on the window before the app loads.
    (window as { __earlyRequests?: Record<string, Promise<Response>> }).__earlyRequests = {
      '/turing/config': Promise.resolve(json({ status: 200, msg: 'success', data: { testPayments: true } })),
    };
    vi.resetModules();
    ({ call } = await import('./client.ts'));
    const { initI18n } = await import('../i18n/i18n.ts');
    initI18n('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it("answers the route's first call without fetching, and later calls fetch", async () => {
    const fetchMock = vi.fn(async () => json({ status: 200, msg: 'success', data: { testPayments: false } }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(call(systemEndpoints.clientConfig)).resolves.toEqual({ testPayments: true });
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(call(systemEndpoints.clientConfig)).resolves.toEqual({ testPayments: false });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('answers the server wrote into index.html', () => {
  let call: typeof import('./client.ts').call;
  const banners = [
    {
      id: 'b1',
      title: { en: 'Hello', zh: '你好' },
      subtitle: { en: 'World', zh: '世界' },
      imageUrl: '/files/public/banner/b1.webp',
      link: '/design',
    },
  ];
  beforeAll(async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'boot-data';
    block.textContent = JSON.stringify({ config: { ipCountryLookupUrl: null, testPayments: true }, banners });
    document.head.append(block);
    (window as { __earlyRequests?: unknown }).__earlyRequests = {};
    vi.resetModules();
    ({ call } = await import('./client.ts'));
    const { initI18n } = await import('../i18n/i18n.ts');
    initI18n('en');
    block.remove();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('answer the first config and banners calls without a request; later calls ask the server', async () => {
    const fetchMock = vi.fn(async () => json({ status: 200, msg: 'success', data: { testPayments: false } }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(call(systemEndpoints.clientConfig)).resolves.toEqual({ ipCountryLookupUrl: null, testPayments: true });
    await expect(call(communityEndpoints.banners)).resolves.toEqual(banners);
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(call(systemEndpoints.clientConfig)).resolves.toEqual({ testPayments: false });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
