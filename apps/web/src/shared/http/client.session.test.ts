import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { communityEndpoints, STATUS, userEndpoints } from '@turing/contract';
import { initI18n } from '../i18n/i18n.ts';
import { ApiError } from './api-error.ts';
import { call, configureHttp, endSession, resumeSession } from './client.ts';

// After a logout nothing asks the server for what needs the session: such a call could only be
// refused with HTTP 401 (and the page on its way out would show it as an error).

const ok = () => new Response(JSON.stringify({ status: 200, msg: 'success', data: {} }), { status: 200 });

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  resumeSession();
  vi.unstubAllGlobals();
  configureHttp({ onSessionExpired: () => {} });
});

describe('calls after a logout', () => {
  it('sends none that needs the session until the user signs in again, and the public ones still', async () => {
    const fetchMock = vi.fn(async () => ok());
    vi.stubGlobal('fetch', fetchMock);
    const onSessionExpired = vi.fn();
    configureHttp({ onSessionExpired });
    endSession();

    const refused = (await call(userEndpoints.info).catch((e: unknown) => e)) as ApiError;
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: STATUS.sessionExpired, code: 'SESSION_EXPIRED' });
    expect(fetchMock).not.toHaveBeenCalled();
    // Nothing announces an expiry: the user ended the session on purpose.
    expect(onSessionExpired).not.toHaveBeenCalled();

    await call(communityEndpoints.tags);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    resumeSession();
    await call(userEndpoints.info);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('abandons the session’s calls still on their way, quietly', async () => {
    const signals: AbortSignal[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            signals.push(init.signal!);
            init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const onSessionExpired = vi.fn();
    configureHttp({ onSessionExpired });
    const inFlight = call(userEndpoints.info).catch((e: unknown) => e);
    const publicCall = call(communityEndpoints.tags);
    endSession();

    expect(await inFlight).toMatchObject({ status: STATUS.sessionExpired, code: 'SESSION_EXPIRED' });
    expect(signals.map((s) => s.aborted)).toEqual([true, false]);
    expect(onSessionExpired).not.toHaveBeenCalled();
    void publicCall.catch(() => {});
  });
});
