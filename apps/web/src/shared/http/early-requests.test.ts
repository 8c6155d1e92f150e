import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemEndpoints } from '@turing/contract';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('requests index.html started early', () => {
  let call: typeof import('./client.ts').call;
  beforeAll(async () => {
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
