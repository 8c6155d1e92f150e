import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { ApiKey } from '@turing/contract';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { ApiKeysPage } from '../pages/api-keys-page.tsx';

const TOKEN = `td_live_${'A'.repeat(43)}abcd12`;
const made: ApiKey = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Render server',
  scopes: ['tasks:write', 'tasks:read'],
  last4: 'cd12',
  createdAt: '2026-11-27T10:00:00.000Z',
  lastUsedAt: null,
  lastUsedIp: null,
  expiresAt: '2027-02-25T10:00:00.000Z',
  expired: false,
};
const old: ApiKey = {
  ...made,
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Old script',
  scopes: ['account:read'],
  last4: 'zz99',
  lastUsedAt: '2026-11-20T08:00:00.000Z',
  lastUsedIp: '203.0.113.7',
  expired: true,
};

/** The server: a list of keys, and a create that adds one and answers its secret. */
function serve(initial: ApiKey[]) {
  let keys = [...initial];
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      if (init?.method === 'POST' && input.endsWith('/user/api-keys')) {
        sent.push(JSON.parse(String(init.body)));
        keys = [made, ...keys];
        return Response.json({ status: 200, msg: 'success', data: { key: made, token: TOKEN } });
      }
      return Response.json({ status: 200, msg: 'success', data: { items: keys } });
    }),
  );
  return sent;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ApiKeysPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the API keys page', () => {
  it('explains keys when there are none, creates one and shows its secret once', async () => {
    const sent = serve([]);
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Read the API reference/ })).toHaveAttribute('href', '/developers');

    await user.click(screen.getByRole('button', { name: /Create key/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    await user.click(within(dialog).getByRole('button', { name: /Create key/ }));
    expect(await within(dialog).findByText('Please name the key')).toBeInTheDocument();
    expect(await within(dialog).findByText('Please choose at least one scope')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), 'Render server');
    await user.click(within(dialog).getByRole('checkbox', { name: /tasks:write/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /tasks:read/ }));
    await user.click(within(dialog).getByRole('button', { name: /Create key/ }));

    // The dialogs' titles share one test id under jsdom, so the dialog is found by its warning.
    const warning = await screen.findByText('Copy this key now. It will not be shown again.');
    const secret = warning.closest<HTMLElement>('[role="dialog"]')!;
    expect(within(secret).getByText('Your new API key')).toBeInTheDocument();
    expect(within(secret).getByLabelText('The new API key')).toHaveValue(TOKEN);
    expect(sent).toEqual([{ name: 'Render server', scopes: ['tasks:write', 'tasks:read'], expiresInDays: 90 }]);
    await user.click(within(secret).getByRole('button', { name: 'I have copied it' }));

    const table = await screen.findByTestId('api-key-table');
    expect(await within(table).findByText('Render server')).toBeInTheDocument();
    expect(within(table).getByText('td_live_…cd12')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(TOKEN);
    expect(JSON.stringify({ ...localStorage })).not.toContain(TOKEN.slice(8, 30));
  });

  it('shows when a key was last used and from where, and an expired key as expired, in Chinese too', async () => {
    serve([old]);
    await i18n.changeLanguage('zh');
    renderPage();
    const table = await screen.findByTestId('api-key-table');
    expect(within(table).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(table).getByText('已过期')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: '撤销密钥 Old script' })).toBeInTheDocument();
  });
});
