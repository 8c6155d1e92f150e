import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { mockApi, renderInApp } from '../../../test/render-app.tsx';
import { LoginPage } from './login-page.tsx';

beforeEach(async () => {
  await i18n.changeLanguage('en');
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the login page', () => {
  it('switches between logging in and registering with its tabs, by click or by arrow keys', async () => {
    mockApi({
      '/unauthorized/google/info': { data: { enabled: false } },
      '/unauthorized/wechat/info': { data: { enabled: false } },
    });
    const user = userEvent.setup();
    renderInApp(<LoginPage />, { path: '/login' });
    const login = screen.getByRole('tab', { name: 'Log in' });
    const register = screen.getByRole('tab', { name: 'Register' });
    expect(screen.getByRole('tablist')).toContainElement(login);
    expect(login).toHaveAttribute('aria-selected', 'true');
    expect(register).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Log in');
    expect(screen.getByRole('form', { name: 'Log in' })).toBeInTheDocument();

    await user.click(register);
    expect(register).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('tabpanel', { name: 'Register' })).toBeInTheDocument();

    // One tab stop: the arrow keys move between the tabs and wrap around.
    register.focus();
    await user.keyboard('{ArrowRight}');
    expect(login).toHaveAttribute('aria-selected', 'true');
    expect(login).toHaveFocus();
    await user.keyboard('{End}');
    expect(register).toHaveAttribute('aria-selected', 'true');
    expect(register).toHaveFocus();
  });
});
