import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserProfile } from '@turing/contract';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { useLoginStore } from '../../../shared/session/login-store.ts';
import { STORAGE_KEYS, storage } from '../../../shared/storage/storage.ts';
import * as toastModule from '../../../shared/ui/toast.ts';
import { mockApi, renderInApp } from '../../../test/render-app.tsx';
import { LoginForm } from './login-form.tsx';

const profile = { id: 'u1', nickname: 'Ada', avatarUrl: null } as UserProfile;
const email = () => screen.getByLabelText('E-mail address');
const password = () => screen.getByLabelText('Password');
const submit = () => screen.getByRole('button', { name: 'Log in' });

beforeEach(async () => {
  await i18n.changeLanguage('en');
  localStorage.clear();
  useLoginStore.getState().reset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the login form', () => {
  it('says what is missing and sends nothing', async () => {
    const api = mockApi();
    const user = userEvent.setup();
    renderInApp(<LoginForm onForgot={() => {}} />, { path: '/login' });
    await user.click(submit());
    expect(await screen.findByText('Please enter a valid e-mail address')).toBeInTheDocument();
    expect(await screen.findByText('Please enter a password')).toBeInTheDocument();
    await user.type(email(), 'not-an-address');
    await user.tab();
    expect(await screen.findByText('Please enter a valid e-mail address')).toBeInTheDocument();
    expect(api.to('/unauthorized/login')).toEqual([]);
  });

  it('logs in with the e-mail, password and remember me, then goes home', async () => {
    const api = mockApi({ '/unauthorized/login': { data: profile } });
    const success = vi.spyOn(toastModule.toast, 'success');
    const user = userEvent.setup();
    renderInApp(<LoginForm onForgot={() => {}} />, { path: '/login' });
    await user.type(email(), 'ada@example.com');
    await user.type(password(), 'secret12');
    await user.click(submit());

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(api.to('/unauthorized/login')).toEqual([
      {
        method: 'POST',
        path: '/unauthorized/login',
        body: { email: 'ada@example.com', password: 'secret12', remember: true },
      },
    ]);
    expect(success).toHaveBeenCalledWith('Welcome, Ada');
    expect(useLoginStore.getState()).toMatchObject({ loginState: true, nickname: 'Ada' });
    // The account name is remembered for next time, never the password.
    expect(storage.get(STORAGE_KEYS.loginPhone)).toEqual({ method: 'email', value: 'ada@example.com' });
    expect(JSON.stringify(localStorage)).not.toContain('secret12');
  });

  it('forgets the account name when remember me is unticked', async () => {
    storage.set(STORAGE_KEYS.loginPhone, { method: 'email', value: 'old@example.com' });
    const api = mockApi({ '/unauthorized/login': { data: profile } });
    const user = userEvent.setup();
    renderInApp(<LoginForm onForgot={() => {}} />, { path: '/login' });
    expect(email()).toHaveValue('old@example.com');
    await user.type(password(), 'secret12');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(submit());
    await screen.findByText('Home page');
    expect(api.to('/unauthorized/login')[0]!.body).toMatchObject({ email: 'old@example.com', remember: false });
    expect(storage.get(STORAGE_KEYS.loginPhone)).toBeNull();
  });

  it('shows the server refusal and stays on the form', async () => {
    mockApi({
      '/unauthorized/login': {
        status: 400,
        code: 'LOGIN_FAILED',
        msg: 'Login failed: the account or password is wrong',
      },
    });
    const error = vi.spyOn(toastModule.toast, 'error');
    const user = userEvent.setup();
    renderInApp(<LoginForm onForgot={() => {}} />, { path: '/login' });
    await user.type(email(), 'ada@example.com');
    await user.type(password(), 'wrong-one');
    await user.click(submit());
    await waitFor(() => expect(error).toHaveBeenCalledWith('Login failed: the account or password is wrong'));
    expect(screen.queryByText('Home page')).not.toBeInTheDocument();
    expect(useLoginStore.getState().loginState).toBe(false);
  });

  it('asks for a code sent to the account when the server wants the login verified, then logs in', async () => {
    const api = mockApi({
      '/unauthorized/login': (body) =>
        (body as { code?: string }).code === '123456'
          ? { data: profile }
          : {
              status: 403,
              code: 'LOGIN_VERIFICATION_REQUIRED',
              msg: 'This account has seen many failed logins',
            },
      '/unauthorized/verCode': { data: { cooldownSeconds: 60, ttlMinutes: 10 } },
    });
    const error = vi.spyOn(toastModule.toast, 'error');
    const user = userEvent.setup();
    renderInApp(<LoginForm onForgot={() => {}} />, { path: '/login' });
    await user.type(email(), 'ada@example.com');
    await user.type(password(), 'secret12');
    await user.click(submit());

    expect(await screen.findByText(/get a verification code sent to the account/)).toBeInTheDocument();
    expect(error).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    await waitFor(() =>
      expect(api.to('/unauthorized/verCode')[0]?.body).toEqual({
        channel: 'email',
        email: 'ada@example.com',
        purpose: 'login',
      }),
    );
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(submit());

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(api.to('/unauthorized/login').map((c) => c.body)).toEqual([
      { email: 'ada@example.com', password: 'secret12', remember: true },
      { email: 'ada@example.com', password: 'secret12', remember: true, code: '123456' },
    ]);
    expect(useLoginStore.getState().loginState).toBe(true);
  });

  it('asks for the code in Chinese too', async () => {
    await i18n.changeLanguage('zh');
    mockApi({ '/unauthorized/login': { status: 403, code: 'LOGIN_VERIFICATION_REQUIRED', msg: '需要验证码' } });
    const user = userEvent.setup();
    renderInApp(<LoginForm onForgot={() => {}} />, { path: '/login' });
    await user.type(screen.getByLabelText('邮箱地址'), 'ada@example.com');
    await user.type(screen.getByLabelText('密码'), 'secret12');
    await user.click(screen.getByRole('button', { name: /^登\s?录$/ }));
    expect(await screen.findByText(/请获取发送到账号手机或邮箱的验证码/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeInTheDocument();
  });

  it('offers the password reset', async () => {
    mockApi();
    const onForgot = vi.fn();
    const user = userEvent.setup();
    renderInApp(<LoginForm onForgot={onForgot} />, { path: '/login' });
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(onForgot).toHaveBeenCalledOnce();
  });

  it('speaks Chinese when the language is zh', async () => {
    await i18n.changeLanguage('zh');
    mockApi();
    const user = userEvent.setup();
    renderInApp(<LoginForm onForgot={() => {}} />, { path: '/login' });
    await user.click(screen.getByRole('button', { name: /^登\s?录$/ }));
    expect(await screen.findByText('请输入密码')).toBeInTheDocument();
  });
});
