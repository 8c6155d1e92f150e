import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import type { AdminTicketDetail, AdminTicketSummary } from '@turing/contract';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { mockApi, renderInApp, type ApiAnswer } from '../../../test/render-app.tsx';
import { TicketsPage } from './tickets-page.tsx';

const ID = '6a1f0b52-3c4d-4e5f-8a9b-0c1d2e3f4a5b';

const summary = (over: Partial<AdminTicketSummary> = {}): AdminTicketSummary => ({
  id: ID,
  subject: 'Rendering stuck',
  status: 'open',
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T11:00:00.000Z',
  lastMessagePreview: 'Any news?',
  username: 'lin',
  contactEmail: 'lin@example.com',
  locale: 'zh',
  lastAuthor: 'user',
  unreadByStaff: 2,
  ...over,
});

const detail = (over: Partial<AdminTicketDetail> = {}): AdminTicketDetail => ({
  ...summary(),
  messages: [
    {
      id: 'm1',
      author: 'user',
      body: 'It has been queued for an hour.',
      screenshotUrl: '/files/support/shot.png',
      createdAt: '2026-03-01T10:00:00.000Z',
    },
    { id: 'm2', author: 'user', body: 'Any news?', screenshotUrl: null, createdAt: '2026-03-01T11:00:00.000Z' },
  ],
  ...over,
});

const counts = { data: { open: 3, answered: 5, closed: 9, unreadMessages: 4 } };

function api(extra: Record<string, ApiAnswer | ((body: unknown, url: URL) => ApiAnswer)> = {}) {
  return mockApi({
    '/admin/support/counts': counts,
    '/admin/support/list': (_body, url) => ({
      data: {
        items:
          url.searchParams.get('status') === 'closed'
            ? []
            : [
                summary(),
                summary({ id: 'other', subject: 'Invoice', unreadByStaff: 0, status: 'answered', lastAuthor: 'staff' }),
              ],
        nextCursor: null,
      },
    }),
    '/admin/support/detail': { data: detail() },
    ...extra,
  });
}

const show = (path = '/admin/tickets') =>
  renderInApp(
    <App>
      <TicketsPage />
    </App>,
    { path },
  );

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the tickets page', () => {
  it('lists the open tickets with their unread messages and the inbox totals', async () => {
    const calls = api();
    show();
    const row = (await screen.findByRole('button', { name: 'Rendering stuck' })).closest('tr')!;
    expect(within(row).getByText('2 unread messages')).toBeInTheDocument();
    expect(within(row).getByText('lin@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Open')).toBeInTheDocument();
    const other = screen.getByRole('button', { name: 'Invoice' }).closest('tr')!;
    expect(within(other).queryByText(/unread/)).toBeNull();
    expect(screen.getByTestId('tickets-summary')).toHaveTextContent('3 waiting · 4 unread messages');
    expect(screen.getByRole('radio', { name: 'Open (3)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'All (17)' })).toBeInTheDocument();
    expect(calls.to('/admin/support/list')[0]).toMatchObject({ method: 'GET' });
  });

  it('filters by status, named in the address', async () => {
    const calls = mockApi({
      '/admin/support/counts': counts,
      '/admin/support/list': (_body, url) => ({
        data: { items: url.searchParams.get('status') === 'closed' ? [] : [summary()], nextCursor: null },
      }),
    });
    const { router } = show();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Rendering stuck' });
    await user.click(screen.getByText('Closed (9)'));
    expect(await screen.findByText('No tickets here.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=closed');
    expect(calls.calls.some((c) => c.path === '/admin/support/list')).toBe(true);
  });

  it('opens a ticket beside the list with the conversation and the screenshot', async () => {
    api();
    const { router } = show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rendering stuck' }));
    const drawer = await screen.findByRole('dialog', { name: 'Rendering stuck' });
    expect(router.state.location.search).toBe(`?ticket=${ID}`);
    expect(await within(drawer).findByText('It has been queued for an hour.')).toBeInTheDocument();
    expect(within(drawer).getByRole('img', { name: 'Screenshot sent by lin' })).toHaveAttribute(
      'src',
      '/files/support/shot.png',
    );
    expect(within(drawer).getByText('Chinese')).toBeInTheDocument();
    expect(within(drawer).getAllByRole('listitem')).toHaveLength(2);
  });

  it('sends a reply with Ctrl+Enter and says whether the user was e-mailed', async () => {
    let stored = detail();
    const calls = api({
      '/admin/support/detail': () => ({ data: stored }),
      '/admin/support/reply': (body) => {
        const message = {
          id: 'm3',
          author: 'staff' as const,
          body: (body as { message: string }).message,
          screenshotUrl: null,
          createdAt: '2026-03-01T12:00:00.000Z',
        };
        stored = detail({ status: 'answered', lastAuthor: 'staff', unreadByStaff: 0 });
        stored = { ...stored, messages: [...stored.messages, message] };
        return { data: { ...stored, emailed: true } };
      },
    });
    show(`/admin/tickets?ticket=${ID}`);
    const user = userEvent.setup();
    const box = await screen.findByRole('textbox', { name: 'Reply to the user' });
    await user.type(box, 'We restarted the server.');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(calls.to('/admin/support/reply')).toHaveLength(1));
    expect(calls.to('/admin/support/reply')[0]!.body).toEqual({ ticketId: ID, message: 'We restarted the server.' });
    expect(await screen.findByText('Reply sent; the user was told by e-mail.')).toBeInTheDocument();
    expect(await screen.findByText('We restarted the server.', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Reply to the user' })).toHaveValue('');
  });

  it('refuses an empty reply in the operator’s language without calling the server', async () => {
    await i18n.changeLanguage('zh');
    const calls = api();
    show(`/admin/tickets?ticket=${ID}`);
    const user = userEvent.setup();
    await screen.findByText('It has been queued for an hour.');
    await user.click(screen.getByRole('button', { name: /发送回复/ }));
    expect(await screen.findByText('请描述您的问题')).toBeInTheDocument();
    expect(calls.to('/admin/support/reply')).toEqual([]);
  });

  it('closes a ticket after a confirmation', async () => {
    let stored = detail();
    const calls = api({
      '/admin/support/detail': () => ({ data: stored }),
      '/admin/support/close': () => ({ data: (stored = detail({ status: 'closed', unreadByStaff: 0 })) }),
    });
    show(`/admin/tickets?ticket=${ID}`);
    const user = userEvent.setup();
    const drawer = await screen.findByRole('dialog', { name: 'Rendering stuck' });
    await user.click(await within(drawer).findByRole('button', { name: 'Close ticket' }));
    const confirm = await screen.findByRole('tooltip');
    await user.click(within(confirm).getByRole('button', { name: 'Close ticket' }));
    await waitFor(() => expect(calls.to('/admin/support/close')).toHaveLength(1));
    expect(calls.to('/admin/support/close')[0]!.body).toEqual({ ticketId: ID });
    expect(await screen.findByText('The ticket is closed.')).toBeInTheDocument();
    expect(await within(drawer).findByText(/This ticket is closed/)).toBeInTheDocument();
  });

  it('shows the server’s message when a ticket cannot be opened', async () => {
    api({
      '/admin/support/detail': { status: 404, code: 'TICKET_NOT_FOUND', msg: 'This support ticket was not found' },
    });
    show('/admin/tickets?ticket=gone');
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('This support ticket was not found')).toBeInTheDocument();
  });
});
