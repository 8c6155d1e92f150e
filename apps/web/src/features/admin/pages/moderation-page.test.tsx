import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HiddenWork, ModerationQueueItem, OperatorMe } from '@turing/contract';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { mockApi, renderInApp } from '../../../test/render-app.tsx';
import { ModerationPage } from './moderation-page.tsx';

const me = (role: OperatorMe['role']): OperatorMe => ({
  via: 'session',
  role,
  user: { id: 'op', username: 'mod' },
  secondFactor: { enrolled: true, required: true, passed: true, recoveryCodesLeft: 10 },
});

const item = (n: number, title: string, reason = 'spam'): ModerationQueueItem => ({
  work: {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    title,
    state: 'published',
    imageUrl: `/files/${n}.png`,
    thumbUrl: `/files/${n}.webp`,
    width: 800,
    height: 600,
  },
  author: { id: `author-${n}`, username: `author${n}`, works: 4, hiddenWorks: n - 1, suspended: n === 3 },
  reports: 2,
  reasons: [
    { reason, count: 1 },
    { reason: 'other', count: 1 },
  ],
  details: [{ reason, text: `about ${title}`, at: '2026-01-05T09:10:00.000Z' }],
  firstReportedAt: '2026-01-05T09:00:00.000Z',
  lastReportedAt: '2026-01-05T09:10:00.000Z',
});

/** A server with a queue: handling a work takes it out, as the real one does. */
function serve(role: OperatorMe['role'], queue: ModerationQueueItem[], hidden: HiddenWork[] = []) {
  const take = (id: string) =>
    queue.splice(
      queue.findIndex((i) => i.work.id === id),
      1,
    );
  return mockApi({
    '/admin/me': { data: me(role) },
    '/admin/community/queue': () => ({ data: { items: [...queue], nextCursor: null } }),
    '/admin/community/hidden': () => ({ data: { items: [...hidden], nextCursor: null } }),
    '/admin/community/work/hide': (body) => {
      const { id } = body as { id: string };
      take(id);
      return { data: { id, state: 'hidden', resolvedReports: 2 } };
    },
    '/admin/community/reports/dismiss': (body) => {
      const { workId } = body as { workId: string };
      take(workId);
      return { data: { workId, dismissedReports: 2 } };
    },
    '/admin/community/work/restore': (body) => {
      const { id } = body as { id: string };
      hidden.splice(
        hidden.findIndex((h) => h.work.id === id),
        1,
      );
      return { data: { id, state: 'published', resolvedReports: 0 } };
    },
  });
}

const card = (title: string) => screen.getByRole('article', { name: title });

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['admin-moderation', 'admin', 'errors']);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the moderation queue', () => {
  it('is cleared from the keyboard, one request per key, the focus moving to the next work', async () => {
    const api = serve('moderator', [item(1, 'Glass tower'), item(2, 'Brick barn', 'copyright'), item(3, 'Tiny cabin')]);
    const user = userEvent.setup();
    renderInApp(<ModerationPage />);
    expect(await screen.findByRole('article', { name: 'Glass tower' })).toHaveAttribute('data-active', 'true');
    expect(screen.getByText(/Keyboard shortcuts/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'author1' })).toHaveAttribute('href', '/admin/users?user=author-1');
    expect(screen.getByText('about Brick barn')).toBeInTheDocument();

    // h hides the first work with the reason most reporters gave.
    await user.keyboard('h');
    await waitFor(() => expect(card('Brick barn')).toHaveFocus());
    expect(screen.queryByRole('article', { name: 'Glass tower' })).toBeNull();
    expect(api.to('/admin/community/work/hide').map((c) => c.body)).toEqual([
      { id: item(1, '').work.id, reason: 'spam' },
    ]);

    await user.keyboard('j');
    expect(card('Tiny cabin')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(card('Brick barn')).toHaveFocus();

    await user.keyboard('d');
    await waitFor(() => expect(card('Tiny cabin')).toHaveFocus());
    expect(api.to('/admin/community/reports/dismiss').map((c) => c.body)).toEqual([{ workId: item(2, '').work.id }]);

    // e opens the reason; typing in it is text, not shortcuts; Enter hides with it.
    await user.keyboard('e');
    const reason = screen.getByRole('textbox', { name: 'Reason for hiding Tiny cabin' });
    expect(reason).toHaveFocus();
    await user.keyboard('fake ad{Enter}');
    expect(await screen.findByText('No open reports: the queue is clear.')).toBeInTheDocument();
    expect(api.to('/admin/community/work/hide').map((c) => c.body)).toEqual([
      { id: item(1, '').work.id, reason: 'spam' },
      { id: item(3, '').work.id, reason: 'fake ad' },
    ]);
    expect(api.to('/admin/community/reports/dismiss')).toHaveLength(1);
  });

  it('works with the buttons, and says so when another moderator got there first', async () => {
    const queue = [item(1, 'Glass tower'), item(2, 'Brick barn'), item(3, 'Tiny cabin')];
    const msg = 'This work has no open reports any more: another moderator may have handled them';
    const api = serve('moderator', queue);
    const errors = vi.spyOn(toast, 'error');
    const user = userEvent.setup();
    renderInApp(<ModerationPage />);
    await screen.findByRole('article', { name: 'Glass tower' });
    await user.click(screen.getByRole('button', { name: 'Dismiss the reports on Glass tower' }));
    await waitFor(() => expect(card('Brick barn')).toHaveFocus());
    expect(api.to('/admin/community/reports/dismiss')).toHaveLength(1);

    // Handled elsewhere meanwhile: the server refuses, the queue is read again and moves on.
    queue.splice(0, 1);
    mockApi({
      '/admin/me': { data: me('moderator') },
      '/admin/community/queue': () => ({ data: { items: [...queue], nextCursor: null } }),
      '/admin/community/work/hide': { status: 409, code: 'REPORTS_NOT_OPEN', msg },
    });
    await user.click(screen.getByRole('button', { name: 'Hide Brick barn' }));
    await waitFor(() => expect(errors).toHaveBeenCalledWith(msg));
    await waitFor(() => expect(card('Tiny cabin')).toHaveFocus());
    expect(screen.queryByRole('article', { name: 'Brick barn' })).toBeNull();
  });

  it('shows another role the queue without actions or their keys', async () => {
    const api = serve('support', [item(1, 'Glass tower')]);
    const user = userEvent.setup();
    renderInApp(<ModerationPage />);
    await screen.findByRole('article', { name: 'Glass tower' });
    expect(screen.queryByRole('button', { name: /Hide/ })).toBeNull();
    await user.keyboard('h');
    expect(api.to('/admin/community/work/hide')).toEqual([]);
  });

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh');
    serve('moderator', [item(1, 'Glass tower')]);
    renderInApp(<ModerationPage />);
    await screen.findByRole('article', { name: 'Glass tower' });
    expect(screen.getByRole('button', { name: '隐藏 Glass tower' })).toBeInTheDocument();
    expect(screen.getByText('垃圾信息 × 1')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '已隐藏作品' })).toBeInTheDocument();
  });
});

describe('the hidden works', () => {
  it('lists who hid each work and restores one with r', async () => {
    const hidden: HiddenWork[] = [
      {
        work: { ...item(1, 'Glass tower').work, state: 'hidden' },
        author: { id: 'author-1', username: 'author1' },
        reason: 'copyright',
        hiddenBy: 'mod',
        hiddenAt: '2026-01-06T10:00:00.000Z',
      },
    ];
    const api = serve('moderator', [], hidden);
    const user = userEvent.setup();
    renderInApp(<ModerationPage />);
    await user.click(await screen.findByRole('tab', { name: 'Hidden works' }));
    expect(await screen.findByRole('article', { name: 'Glass tower' })).toBeInTheDocument();
    expect(screen.getByText('Reason: Copyright')).toBeInTheDocument();
    expect(screen.getByText(/Hidden by mod/)).toBeInTheDocument();
    card('Glass tower').focus();
    await user.keyboard('r');
    expect(await screen.findByText('No works are hidden.')).toBeInTheDocument();
    expect(api.to('/admin/community/work/restore').map((c) => c.body)).toEqual([{ id: item(1, '').work.id }]);
  });
});
