import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserProfile } from '@turing/contract';
import { i18n } from '../../shared/i18n/i18n.ts';
import { PATHS } from '../../shared/routes/paths.ts';
import { useLoginStore } from '../../shared/session/login-store.ts';
import { mockApi, renderInApp } from '../../test/render-app.tsx';
import { AppHeader } from './app-header.tsx';

const openMenu = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: 'Open the menu' }));
  return screen.findByRole('dialog', { name: 'Main menu' });
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  useLoginStore.getState().reset();
  vi.unstubAllGlobals();
});

describe('the phone menu of the header', () => {
  it('lists the sections, the settings and Try now, and closes when a link is followed', async () => {
    const user = userEvent.setup();
    const { router } = renderInApp(<AppHeader />, { path: PATHS.community });
    const button = screen.getByRole('button', { name: 'Open the menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    const menu = await openMenu(user);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const nav = within(menu).getByRole('navigation', { name: 'Main menu' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Workspace', 'AI Design', 'Community']);
    expect(within(nav).getByRole('link', { name: 'Community' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('button', { name: 'Switch to the dark theme' })).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: '切换到中文' })).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Try now' })).toBeInTheDocument();

    await user.click(within(nav).getByRole('link', { name: 'Workspace' }));
    expect(router.state.location.pathname).toBe(PATHS.workspace);
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('offers a logged-in user their own pages and logging out instead of Try now', async () => {
    const api = mockApi({ '/user/logout': {} });
    useLoginStore.getState().setProfile({ id: 'u1', nickname: 'Ada', avatarUrl: null } as UserProfile);
    const user = userEvent.setup();
    const { router } = renderInApp(<AppHeader />, { path: PATHS.detail.replace(':id', '7') });

    let menu = await openMenu(user);
    expect(within(menu).getByText('Ada')).toBeInTheDocument();
    expect(within(menu).queryByRole('button', { name: 'Try now' })).not.toBeInTheDocument();
    await user.click(within(menu).getByRole('link', { name: 'Favorites' }));
    expect(router.state.location.pathname + router.state.location.search).toBe('/own?selectedCollection=true');

    menu = await openMenu(user);
    await user.click(within(menu).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(PATHS.login));
    expect(api.to('/user/logout')).toHaveLength(1);
    expect(useLoginStore.getState().loginState).toBe(false);
  });
});
