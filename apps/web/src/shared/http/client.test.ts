import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  communityEndpoints,
  userEndpoints,
  type UserProfile,
  type userRoutes,
  type WorkDetail,
} from '@turing/contract';
import { initI18n, i18n } from '../i18n/i18n.ts';
import { ApiError } from './api-error.ts';
import { call, configureHttp } from './client.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
  configureHttp({ onSessionExpired: () => {} });
});
const stubFetch = (impl: () => Promise<Response>) => {
  fetchMock = vi.fn(impl);
  vi.stubGlobal('fetch', fetchMock);
};
const info = () => call(userEndpoints.info);

describe('call', () => {
  it('resolves with data on status 200 and sends the app header and language', async () => {
    stubFetch(async () => json({ status: 200, msg: 'success', data: { nickname: 'Ada' } }));
    await i18n.changeLanguage('zh');
    await expect(info()).resolves.toEqual({ nickname: 'Ada' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/turing/user/info');
    expect(init.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(init.headers['accept-language']).toBe('zh');
    expect(init.signal).toBeInstanceOf(AbortSignal);
    await i18n.changeLanguage('en');
  });

  it('reports status 202 once with the server message and rejects', async () => {
    const onSessionExpired = vi.fn();
    configureHttp({ onSessionExpired });
    stubFetch(async () =>
      json({ status: 202, msg: 'Your login has expired', data: null, code: 'SESSION_EXPIRED' }, 401),
    );
    const err = await info().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(202);
    expect(onSessionExpired).toHaveBeenCalledExactlyOnceWith('Your login has expired');
  });

  it('rejects any other envelope status with its body and message', async () => {
    const body = { status: 409, msg: 'That e-mail is already registered', data: null, code: 'EMAIL_TAKEN' };
    stubFetch(async () => json(body, 409));
    const err = (await info().catch((e: unknown) => e)) as ApiError;
    expect(err.message).toBe('That e-mail is already registered');
    expect(err.code).toBe('EMAIL_TAKEN');
    expect(err.body).toEqual(body);
  });

  it('maps a non-envelope failure through the HTTP catalogue', async () => {
    stubFetch(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    const err = (await info().catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(502);
    expect(err.message).toBe('Network error, please check the network or contact the administrator');
  });

  it('says the network is down when fetch itself fails', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    const err = (await info().catch((e: unknown) => e)) as ApiError;
    expect(err.message).toBe('Network connection abnormal, please try again later');
  });

  it('says the request timed out after 15 s', async () => {
    stubFetch(async () => {
      throw new DOMException('signal timed out', 'TimeoutError');
    });
    const err = (await info().catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(408);
    expect(err.message).toBe('Request timeout, please check the network or contact the administrator');
  });
});

describe('call types', () => {
  it('takes the input and data of the endpoint’s own route, so a mismatched call does not compile', () => {
    // Never run; the type check (npm run typecheck) holds the test: each marked line must fail.
    const compileOnly = async () => {
      const me: UserProfile = await call(userEndpoints.info);
      await call(userEndpoints.guideSet, { query: { key: 'tour' } });
      // A query whose fields are all optional may be left out.
      await call(communityEndpoints.works);

      // @ts-expect-error: the data is the user's profile, not a work
      const work: WorkDetail = await call(userEndpoints.info);
      // @ts-expect-error: the route named must be the endpoint's own
      await call<typeof userRoutes.logout>(userEndpoints.info);
      // @ts-expect-error: the guide route needs its query
      await call(userEndpoints.guideSet);
      // @ts-expect-error: the profile route takes no body
      await call(userEndpoints.info, { body: { nickname: 'Ada' } });
      // @ts-expect-error: the body follows the route's schema
      await call(userEndpoints.updateInfo, { body: { nickname: 42 } });
      // @ts-expect-error: a path without a route is no endpoint
      await call({ method: 'GET', path: '/user/nowhere', auth: true, mutates: false });
      return [me, work];
    };
    expect(compileOnly).toBeTypeOf('function');
  });
});
