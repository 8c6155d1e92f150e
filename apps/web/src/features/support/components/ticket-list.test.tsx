import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TicketSummary } from '@turing/contract';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { TicketList } from './ticket-list.tsx';

const ticket = (n: number): TicketSummary => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  subject: `Ticket ${n}`,
  status: 'open',
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  lastMessagePreview: 'Hello',
  unread: false,
});

/** The server: two pages, the second behind the cursor the first names. */
function serve(opts: { failSecond?: boolean } = {}) {
  const requested: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      requested.push(input);
      const cursor = new URL(input, 'http://app').searchParams.get('cursor');
      if (cursor && opts.failSecond) {
        return Response.json(
          { status: 400, msg: 'The list position is not valid', data: null, code: 'CURSOR_INVALID' },
          { status: 400 },
        );
      }
      const data =
        cursor === 'page-2'
          ? { items: [ticket(3)], nextCursor: null }
          : { items: [ticket(1), ticket(2)], nextCursor: 'page-2' };
      return Response.json({ status: 200, msg: 'success', data });
    }),
  );
  return requested;
}

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TicketList onOpen={() => {}} />
    </QueryClientProvider>,
  );
}

const subjects = () =>
  within(screen.getByTestId('ticket-list'))
    .getAllByRole('button')
    .map((b) => b.querySelector('.support-ticket__subject')?.textContent);

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the ticket list', () => {
  it('shows the first page and loads the next one on request, until there is none', async () => {
    const requested = serve();
    const user = userEvent.setup();
    renderList();
    expect(await screen.findByText('Ticket 2')).toBeInTheDocument();
    expect(subjects()).toEqual(['Ticket 1', 'Ticket 2']);

    await user.click(screen.getByRole('button', { name: 'Load more tickets' }));
    expect(await screen.findByText('Ticket 3')).toBeInTheDocument();
    expect(subjects()).toEqual(['Ticket 1', 'Ticket 2', 'Ticket 3']);
    expect(screen.queryByRole('button', { name: 'Load more tickets' })).not.toBeInTheDocument();
    expect(requested).toEqual(['/turing/support/list', '/turing/support/list?cursor=page-2']);
  });

  it('keeps the shown tickets when a later page fails, and says so', async () => {
    serve({ failSecond: true });
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Load more tickets' }));
    expect(await screen.findByText('More tickets could not be loaded.')).toBeInTheDocument();
    expect(subjects()).toEqual(['Ticket 1', 'Ticket 2']);
  });

  it('offers "load more" in Chinese too', async () => {
    serve();
    await i18n.changeLanguage('zh');
    renderList();
    expect(await screen.findByRole('button', { name: '加载更多工单' })).toBeInTheDocument();
  });
});
