import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { APP_HEADER, type TicketDetail } from '@turing/contract';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { TicketDrawer } from './ticket-drawer.tsx';

const ID = '00000000-0000-4000-8000-000000000001';
const ticket = (unread: boolean): TicketDetail => ({
  id: ID,
  subject: 'Rendering stuck',
  status: 'answered',
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T11:00:00.000Z',
  lastMessagePreview: 'Fixed.',
  unread,
  contactEmail: 'ada@example.com',
  messages: [
    { id: 'm1', author: 'user', body: 'It is stuck.', screenshotUrl: null, createdAt: '2026-03-01T10:00:00.000Z' },
    { id: 'm2', author: 'staff', body: 'Fixed.', screenshotUrl: null, createdAt: '2026-03-01T11:00:00.000Z' },
  ],
});

/** The server: the ticket as stored, and every call the drawer made. */
function serve(stored: TicketDetail) {
  const calls: { method: string; url: string; headers: Record<string, string>; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method: init.method ?? 'GET', url, headers: init.headers as Record<string, string>, body });
      if (url.startsWith('/turing/support/detail')) return Response.json({ status: 200, msg: 'success', data: stored });
      const { messages: _messages, contactEmail: _contactEmail, ...summary } = stored;
      return Response.json({ status: 200, msg: 'success', data: { ...summary, unread: false } });
    }),
  );
  return calls;
}

function renderDrawer() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TicketDrawer id={ID} onClose={() => {}} />
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

describe('opening a ticket', () => {
  it('marks an unread ticket read with a POST the server accepts as the app', async () => {
    const calls = serve(ticket(true));
    renderDrawer();
    expect(await screen.findByText('Fixed.', { selector: 'p' })).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const [read] = calls.filter((c) => c.method === 'POST');
    expect(read).toMatchObject({ url: '/turing/support/read', body: { ticketId: ID } });
    expect(read!.headers[APP_HEADER.name]).toBe(APP_HEADER.value);
  });

  it('sends nothing for a ticket already read', async () => {
    const calls = serve(ticket(false));
    renderDrawer();
    expect(await screen.findByText('Fixed.', { selector: 'p' })).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([`GET /turing/support/detail?id=${ID}`]);
  });
});
