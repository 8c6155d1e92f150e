import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { designRoutes, type UserProfile } from '@turing/contract';
import { call, resumeSession } from '../../shared/http/client.ts';
import { i18n } from '../../shared/i18n/i18n.ts';
import { PATHS } from '../../shared/routes/paths.ts';
import { useLoginStore } from '../../shared/session/login-store.ts';
import { UserMenu } from './user-menu.tsx';

const profile = { id: 'u1', nickname: 'Ada', avatarUrl: null } as UserProfile;
const envelope = (status: number, msg: string, data: unknown = null) =>
  new Response(JSON.stringify({ status, msg, data }), { headers: { 'content-type': 'application/json' } });

/** A page's own data beside the menu: the balance, read through the app's HTTP client. */
function Balance() {
  const balance = useQuery({ queryKey: ['design', 'balance'], queryFn: () => call(designRoutes.balance) });
  if (balance.isError) return <p>balance failed</p>;
  return <p>{balance.data ? `${balance.data.cubes} cubes` : 'balance loading'}</p>;
}

function renderMenu(queryClient: QueryClient) {
  const router = createMemoryRouter(
    [
      {
        path: PATHS.support,
        element: (
          <>
            <UserMenu />
            <Balance />
          </>
        ),
      },
      { path: PATHS.login, element: <p>login page</p> },
    ],
    { initialEntries: [PATHS.support] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  resumeSession();
  await i18n.changeLanguage('en');
  useLoginStore.getState().setProfile(profile);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('logging out from the account menu', () => {
  it("ends the session and forgets every feature's cached answers", async () => {
    const fetch = vi.fn(async () => envelope(200, 'success'));
    vi.stubGlobal('fetch', fetch);
    const queryClient = new QueryClient();
    queryClient.setQueryData(['user', 'info'], profile);
    queryClient.setQueryData(['support', 'tickets'], [{ id: 't1', subject: "Ada's ticket" }]);
    queryClient.setQueryData(['upload', 'signed-url', 'k1'], '/files/private/k1?exp=1&sig=x');
    const user = userEvent.setup();
    renderMenu(queryClient);

    await user.click(screen.getByRole('button', { name: 'Account menu for Ada' }));
    await user.click(await screen.findByRole('menuitem', { name: /Log out/ }));

    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/turing/user/logout', expect.objectContaining({ method: 'POST' }));
    expect(queryClient.getQueryData(['support', 'tickets'])).toBeUndefined();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    expect(useLoginStore.getState()).toMatchObject({ loginState: false, nickname: '' });
  });

  it('keeps the session and its data when the server refuses', async () => {
    vi.stubGlobal('fetch', async () => envelope(500, 'Server busy'));
    const queryClient = new QueryClient();
    queryClient.setQueryData(['support', 'tickets'], [{ id: 't1' }]);
    const user = userEvent.setup();
    renderMenu(queryClient);

    await user.click(screen.getByRole('button', { name: 'Account menu for Ada' }));
    await user.click(await screen.findByRole('menuitem', { name: /Log out/ }));

    await waitFor(() => expect(useLoginStore.getState().loginState).toBe(true));
    expect(screen.queryByText('login page')).not.toBeInTheDocument();
    expect(queryClient.getQueryData(['support', 'tickets'])).toEqual([{ id: 't1' }]);
  });

  it('asks again for what the logout cancelled when the server refuses it', async () => {
    // The balance's first request is still on its way at the logout, which abandons it.
    let balanceCalls = 0;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      if (url === '/turing/user/logout') return envelope(500, 'Server busy');
      balanceCalls++;
      if (balanceCalls > 1) return envelope(200, 'success', { cubes: 7, planUntil: null });
      return new Promise<Response>((_, reject) =>
        init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const user = userEvent.setup();
    renderMenu(queryClient);
    expect(await screen.findByText('balance loading')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Account menu for Ada' }));
    await user.click(await screen.findByRole('menuitem', { name: /Log out/ }));

    // Still signed in: the page shows its data again instead of the error of the cancelled request.
    expect(await screen.findByText('7 cubes')).toBeInTheDocument();
    expect(useLoginStore.getState().loginState).toBe(true);
  });
});
