import {
  billingAdminRoutes,
  communityAdminRoutes,
  supportAdminRoutes,
  systemAdminRoutes,
  userRoutes,
  type AdminCode,
  type CatalogueEntry,
} from '@turing/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CliError, createAdminClient } from './admin-client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Answers every request with `answer` and records what was sent. */
function stubServer(answer: unknown, status = 200) {
  const sent: { url: URL; method: string; headers: Record<string, string>; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
    sent.push({
      url,
      method: init.method!,
      headers: init.headers as Record<string, string>,
      body: init.body === undefined ? undefined : JSON.parse(init.body as string),
    });
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  });
  return sent;
}

const client = createAdminClient({ url: 'http://127.0.0.1:9/', token: 'secret' });

describe('the admin client', () => {
  it("sends the route's method and path, the query in the URL and the body as JSON, with the token", async () => {
    const sent = stubServer({ status: 200, msg: 'ok', data: { items: [], total: 0 } });
    expect(await client.call(billingAdminRoutes.codes, { query: { batch: 'fair', limit: 5 } })).toEqual({
      items: [],
      total: 0,
    });
    await client.call(billingAdminRoutes.codesRevoke, { body: { batch: 'fair' } });
    expect(sent.map((s) => [s.method, s.url.pathname, s.url.search, s.body])).toEqual([
      ['GET', '/turing/admin/codes/list', '?batch=fair&limit=5', undefined],
      ['POST', '/turing/admin/codes/revoke', '', { batch: 'fair' }],
    ]);
    expect(sent[0]!.headers).toMatchObject({ 'x-admin-token': 'secret' });
    expect(sent[1]!.headers).toMatchObject({ 'content-type': 'application/json' });
  });

  it("throws the server's message and code as a CliError", async () => {
    stubServer({ status: 404, msg: 'No such order', data: null, code: 'ORDER_NOT_FOUND' });
    const err = await client.orderRefund('0b0e0d4c-1b5b-4c0e-8a3c-0e5b1a1c2d3e').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CliError);
    expect(err).toMatchObject({ message: 'No such order', code: 'ORDER_NOT_FOUND' });
  });
});

describe('admin call types', () => {
  it('takes the input and data of the route object named, so a mismatched call does not compile', () => {
    // Never run; the type check (npm run typecheck) holds the test: each marked line must fail.
    const compileOnly = async () => {
      const entries: CatalogueEntry[] = await client.call(billingAdminRoutes.catalogue);
      await client.call(billingAdminRoutes.grant, { body: { user: 'ada', cubes: 5 } });
      await client.call(supportAdminRoutes.detail, { query: { id: 't1' } });
      // A query whose fields all have defaults may be left out.
      await client.call(billingAdminRoutes.codes);
      await client.call(systemAdminRoutes.engines);

      // @ts-expect-error: the catalogue answers with products, not codes
      const codes: AdminCode[] = await client.call(billingAdminRoutes.catalogue);
      // @ts-expect-error: a route of the user API is not an admin route
      await client.call(userRoutes.info);
      // @ts-expect-error: a path is not a route
      await client.call('/admin/credits/grant');
      // @ts-expect-error: an endpoint without its schemas is not a route either
      await client.call({ method: 'POST', path: '/admin/credits/grant', auth: false, mutates: true });
      // @ts-expect-error: a grant needs its body
      await client.call(billingAdminRoutes.grant);
      // @ts-expect-error: the body follows the route's own schema, not another route's
      await client.call(billingAdminRoutes.grant, { body: { orderId: 'o1' } });
      // @ts-expect-error: cubes are a number
      await client.call(billingAdminRoutes.grant, { body: { user: 'ada', cubes: '5' } });
      // @ts-expect-error: hiding a work takes a body, not a query
      await client.call(communityAdminRoutes.hideWork, { query: { id: 'w1' } });
      // @ts-expect-error: the ticket list takes no body
      await client.call(supportAdminRoutes.list, { body: { status: 'open' } });
      return [entries, codes];
    };
    expect(compileOnly).toBeTypeOf('function');
  });
});
