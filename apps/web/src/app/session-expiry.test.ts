import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { userEndpoints, type UserProfile } from '@turing/contract';
import { initI18n } from '../shared/i18n/i18n.ts';
import { call, endSession } from '../shared/http/client.ts';
import { useLoginStore } from '../shared/session/login-store.ts';
import { STORAGE_KEYS, storage } from '../shared/storage/storage.ts';
import * as toastModule from '../shared/ui/toast.ts';
import { installSessionExpiry } from './session-expiry.ts';

const profile = { id: 'u1', nickname: 'Ada', avatarUrl: null } as UserProfile;
let queryClient: QueryClient;

beforeEach(() => {
  initI18n('en');
  vi.useFakeTimers();
  vi.stubGlobal(
    'fetch',
    async () =>
      new Response(JSON.stringify({ status: 202, msg: 'Login expired', data: null, code: 'SESSION_EXPIRED' }), {
        status: 401,
      }),
  );
  queryClient = new QueryClient();
  installSessionExpiry(queryClient);
  useLoginStore.getState().setProfile(profile);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.location.hash = '';
});

describe('a 202 answer', () => {
  it('toasts the message for 1000 ms, clears the login state, then goes to /login', async () => {
    const error = vi.spyOn(toastModule.toast, 'error');
    window.location.hash = '#/workspace';
    await call(userEndpoints.info).catch(() => {});
    expect(error).toHaveBeenCalledWith('Login expired', 1000);
    expect(useLoginStore.getState()).toMatchObject({ loginState: false, nickname: '', avatarUrl: null });
    expect(storage.get(STORAGE_KEYS.userProfile)).toBeNull();
    expect(storage.get(STORAGE_KEYS.isLogin)).toBe(false);
    expect(window.location.hash).toBe('#/workspace');
    vi.advanceTimersByTime(1000);
    expect(window.location.hash).toBe('#/login?redirect=%2Fworkspace');
  });

  it("drops every feature's cached answers, not only the user's", async () => {
    queryClient.setQueryData(['user', 'info'], profile);
    queryClient.setQueryData(['support', 'tickets'], [{ id: 't1', subject: "Ada's ticket" }]);
    queryClient.setQueryData(['upload', 'signed-url', 'k1'], '/files/private/k1?exp=1&sig=x');
    await call(userEndpoints.info).catch(() => {});
    expect(queryClient.getQueryData(['support', 'tickets'])).toBeUndefined();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it('stays on the homepage', async () => {
    window.location.hash = '#/home';
    await call(userEndpoints.info).catch(() => {});
    vi.advanceTimersByTime(1500);
    expect(window.location.hash).toBe('#/home');
    expect(useLoginStore.getState().loginState).toBe(false);
  });

  it('is not reported for a request of a session the user ended by logging out', async () => {
    const error = vi.spyOn(toastModule.toast, 'error');
    let answer!: () => void;
    vi.stubGlobal(
      'fetch',
      () =>
        new Promise<Response>((resolve) => {
          answer = () =>
            resolve(new Response(JSON.stringify({ status: 202, msg: 'Login expired', data: null }), { status: 401 }));
        }),
    );
    window.location.hash = '#/workspace';
    const inFlight = call(userEndpoints.info).catch(() => 'refused');
    endSession();
    answer();
    expect(await inFlight).toBe('refused');
    vi.advanceTimersByTime(1500);
    expect(error).not.toHaveBeenCalled();
    expect(window.location.hash).toBe('#/workspace');
    // Until the user signs in again, a call needing the session is not even sent; once signed in,
    // a request is a session of its own again.
    expect(await call(userEndpoints.info).catch(() => 'not sent')).toBe('not sent');
    useLoginStore.getState().setProfile(profile);
    const later = call(userEndpoints.info).catch(() => 'refused');
    answer();
    await later;
    expect(error).toHaveBeenCalledWith('Login expired', 1000);
  });

  it('is announced once, however many answers of the ended session arrive, even after the redirect', async () => {
    const error = vi.spyOn(toastModule.toast, 'error');
    window.location.hash = '#/workspace';
    await Promise.all([call(userEndpoints.info).catch(() => {}), call(userEndpoints.info).catch(() => {})]);
    vi.advanceTimersByTime(1000);
    expect(window.location.hash).toBe('#/login?redirect=%2Fworkspace');
    await call(userEndpoints.info).catch(() => {});
    vi.advanceTimersByTime(1000);
    expect(error).toHaveBeenCalledTimes(1);
  });
});
