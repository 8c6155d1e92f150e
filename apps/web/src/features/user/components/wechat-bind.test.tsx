import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import en from '../../../locales/en/user.json';
import zh from '../../../locales/zh/user.json';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { mockApi, renderInApp } from '../../../test/render-app.tsx';
import { WechatBind } from './wechat-bind.tsx';

const INFO = '/unauthorized/wechat/info';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('binding WeChat from the account card', () => {
  it.each([
    ['en', en],
    ['zh', zh],
  ] as const)('explains in %s why WeChat cannot be bound when the site has not enabled it', async (lang, text) => {
    await i18n.changeLanguage(lang);
    mockApi({ [INFO]: { data: { enabled: false, startUrl: null } } });
    renderInApp(<WechatBind bound={false} />);
    expect(await screen.findByText(text.account.wechatUnavailable)).toBeVisible();
    expect(screen.getByText(text.account.notBound)).toBeVisible();
    // Nothing to press that would do nothing.
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('offers the binding when WeChat sign-in is enabled, and says how it goes', async () => {
    mockApi({ [INFO]: { data: { enabled: true, startUrl: '/turing/unauthorized/wechat/start' } } });
    renderInApp(<WechatBind bound={false} />);
    const bind = await screen.findByRole('link', { name: /Bind WeChat/ });
    expect(bind).toHaveAttribute('href', '/turing/unauthorized/wechat/start?intent=bind');
    expect(screen.getByText(en.account.wechatHow)).toBeVisible();
    expect(screen.queryByText(en.account.wechatUnavailable)).not.toBeInTheDocument();
  });

  it.each([
    [
      'keeps the query the start address already has',
      '/turing/unauthorized/wechat/start?site=cn',
      '/turing/unauthorized/wechat/start?site=cn&intent=bind',
    ],
    [
      'keeps another site’s address whole',
      'https://auth.example.com/wechat/start?next=%2Fprofile',
      'https://auth.example.com/wechat/start?next=%2Fprofile&intent=bind',
    ],
  ])('%s', async (_what, startUrl, href) => {
    mockApi({ [INFO]: { data: { enabled: true, startUrl } } });
    renderInApp(<WechatBind bound={false} />);
    expect(await screen.findByRole('link', { name: /Bind WeChat/ })).toHaveAttribute('href', href);
  });

  it('shows a bound account as bound, whatever the site offers now', async () => {
    mockApi({ [INFO]: { data: { enabled: false, startUrl: null } } });
    renderInApp(<WechatBind bound />);
    expect(screen.getByText(en.account.wechatBound)).toBeVisible();
    expect(screen.queryByText(en.account.wechatUnavailable)).not.toBeInTheDocument();
  });

  it('says so when it cannot tell whether WeChat is available', async () => {
    mockApi({ [INFO]: { status: 500, msg: 'Server error', code: 'INTERNAL' } });
    renderInApp(<WechatBind bound={false} />);
    expect(await screen.findByText(en.account.wechatUnknown)).toBeVisible();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
