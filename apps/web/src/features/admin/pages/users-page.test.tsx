import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import type { AdminUserDetail, AdminUserSummary, OperatorRole } from '@turing/contract';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { mockApi, renderInApp, type ApiAnswer } from '../../../test/render-app.tsx';
import { UsersPage } from './users-page.tsx';

const ID = '4f7c2a9e-1b3d-4c5e-8f60-718293a4b5c6';

const summary: AdminUserSummary = {
  id: ID,
  username: 'lin',
  nickname: 'Lin Wei',
  email: 'li*****@example.com',
  phone: '+86138****5678',
  createdAt: '2025-03-01T08:00:00.000Z',
  suspendedAt: null,
};

const detail = (over: Partial<AdminUserDetail['user']> = {}): AdminUserDetail => ({
  user: {
    ...summary,
    avatarUrl: null,
    occupation: 'architect',
    isVip: false,
    wechatBound: false,
    lastSignInAt: '2025-03-02T08:00:00.000Z',
    invitedBy: null,
    operatorRole: null,
    ...over,
  },
  contactsMasked: true,
  balance: { cubes: 0, debt: 40, planDebtSeconds: 0, planUntil: null },
  counts: { tasks: 3, works: 1, orders: 2, openReports: 1 },
});

const me = (role: OperatorRole) => ({
  data: {
    via: 'session',
    role,
    user: { id: 'op', username: 'op' },
    secondFactor: { enrolled: true, required: true, passed: true, recoveryCodesLeft: 8 },
  },
});

const emptyPage = { data: { items: [], nextCursor: null } };

function api(role: OperatorRole, extra: Record<string, ApiAnswer | ((body: unknown, url: URL) => ApiAnswer)> = {}) {
  return mockApi({
    '/admin/me': me(role),
    '/admin/users/search': { data: { items: [summary], nextCursor: null, contactsMasked: true } },
    '/admin/users/detail': { data: detail() },
    '/admin/users/ledger': {
      data: {
        items: [
          {
            id: 'a1',
            kind: 'reversal',
            cubes: -50,
            planSeconds: 0,
            note: 'cubes-50',
            taskId: null,
            createdAt: '2025-03-03T08:00:00.000Z',
          },
        ],
        nextCursor: null,
      },
    },
    '/admin/users/tasks': emptyPage,
    '/admin/users/works': emptyPage,
    '/admin/users/reports': emptyPage,
    '/admin/orders/list': { data: { items: [], nextCursor: null, userId: ID, username: 'lin' } },
    ...extra,
  });
}

const show = (path = '/admin/users') =>
  renderInApp(
    <App>
      <UsersPage />
    </App>,
    { path },
  );

// Under test every dialog gets the same generated title id, so the grant dialog is found by its title.
const grantDialog = async () =>
  (await screen.findByText('Grant cubes to lin')).closest<HTMLElement>('[role="dialog"]')!;

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the users page', () => {
  it('searches, then opens the account with its debt and ledger, named in the address', async () => {
    const calls = api('support');
    const { router } = show();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Find a user'), ' lin ');
    await user.click(screen.getByRole('button', { name: /Search/ }));
    expect(await screen.findByRole('heading', { name: 'Accounts found' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=lin');
    expect(
      screen.getByText(
        'Your role sees e-mail addresses and phone numbers masked: type a whole address or number to find an account by it.',
      ),
    ).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'lin' }));
    const drawer = await screen.findByRole('dialog', { name: 'Account of lin' });
    expect(router.state.location.search).toBe(`?q=lin&user=${ID}`);
    expect(await within(drawer).findByTestId('user-debt')).toHaveTextContent('40 cubes owed');
    expect(await within(drawer).findByText('Refunded order taken back')).toBeInTheDocument();
    expect(within(drawer).getByText('−50')).toBeInTheDocument();
    expect(calls.to('/admin/users/detail')).toHaveLength(1);
    // Support reads orders; neither grants nor suspends.
    expect(within(drawer).getByRole('tab', { name: 'Orders' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Grant cubes' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Suspend' })).toBeNull();
  });

  it('opens the account a link names, and shows the server’s message when there is none', async () => {
    api('moderator', {
      '/admin/users/detail': { status: 404, code: 'USER_NOT_FOUND', msg: 'No account matches this user' },
    });
    show('/admin/users?user=nobody');
    const drawer = await screen.findByRole('dialog', { name: 'Account of nobody' });
    expect(await within(drawer).findByText('No account matches this user')).toBeInTheDocument();
  });

  it('lets finance grant cubes with a reason and shows the new balance', async () => {
    const calls = api('finance', {
      '/admin/credits/grant': (body) => ({
        data: { userId: ID, username: 'lin', applied: true, cubes: (body as { cubes: number }).cubes - 40 },
      }),
    });
    show(`/admin/users?user=${ID}`);
    const user = userEvent.setup();
    const drawer = await screen.findByRole('dialog', { name: 'Account of lin' });
    // Finance does not moderate.
    expect(within(drawer).queryByRole('button', { name: 'Suspend' })).toBeNull();
    await user.click(await within(drawer).findByRole('button', { name: 'Grant cubes' }));
    const modal = await grantDialog();
    await user.type(within(modal).getByLabelText('Cubes'), '100');
    await user.click(within(modal).getByRole('button', { name: 'Grant' }));
    expect(
      await within(modal).findByText("Say why: the reason is kept in the user's ledger and the audit log"),
    ).toBeInTheDocument();
    expect(calls.to('/admin/credits/grant')).toEqual([]);

    await user.type(within(modal).getByLabelText('Reason'), 'Ticket 42');
    await user.click(within(modal).getByRole('button', { name: 'Grant' }));
    expect(await within(modal).findByTestId('grant-result')).toHaveTextContent('Done: the balance is now 60 cubes');
    const [sent] = calls.to('/admin/credits/grant');
    expect(sent!.body).toMatchObject({ user: ID, cubes: 100, note: 'Ticket 42' });
    expect((sent!.body as { key: string }).key).toMatch(/^console:[0-9a-f]{24}$/);
  });

  it('shows a refused grant’s message and keeps the form', async () => {
    api('owner', {
      '/admin/credits/grant': { status: 409, code: 'BALANCE_TOO_LOW', msg: 'The balance is too low for this' },
    });
    show(`/admin/users?user=${ID}`);
    const user = userEvent.setup();
    const drawer = await screen.findByRole('dialog', { name: 'Account of lin' });
    await user.click(await within(drawer).findByRole('button', { name: 'Grant cubes' }));
    const modal = await grantDialog();
    await user.type(within(modal).getByLabelText('Cubes'), '-500');
    await user.type(within(modal).getByLabelText('Reason'), 'Taken back');
    await user.click(within(modal).getByRole('button', { name: 'Grant' }));
    expect(await within(modal).findByTestId('grant-error')).toHaveTextContent('The balance is too low for this');
    expect(within(modal).getByLabelText('Reason')).toHaveValue('Taken back');
  });

  it('lets a moderator suspend after confirming, and hides the orders tab from them', async () => {
    const calls = api('moderator', {
      '/admin/community/user/suspend': { data: { userId: ID, username: 'lin', suspended: true } },
    });
    show(`/admin/users?user=${ID}`);
    const user = userEvent.setup();
    const drawer = await screen.findByRole('dialog', { name: 'Account of lin' });
    expect(await within(drawer).findByRole('tab', { name: 'Ledger' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('tab', { name: 'Orders' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Grant cubes' })).toBeNull();

    await user.click(within(drawer).getByRole('button', { name: 'Suspend' }));
    expect(calls.to('/admin/community/user/suspend')).toEqual([]);
    const confirm = await screen.findByText(/Suspend lin\? They are signed out everywhere/);
    const popover = confirm.closest('.ant-popover') as HTMLElement;
    await user.click(within(popover).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('lin is suspended')).toBeInTheDocument();
    expect(calls.to('/admin/community/user/suspend')[0]!.body).toEqual({ user: ID });
  });

  it('offers a moderator to lift a suspension', async () => {
    api('moderator', { '/admin/users/detail': { data: detail({ suspendedAt: '2025-03-04T08:00:00.000Z' }) } });
    show(`/admin/users?user=${ID}`);
    const drawer = await screen.findByRole('dialog', { name: 'Account of lin' });
    expect(await within(drawer).findByRole('button', { name: 'Lift suspension' })).toBeInTheDocument();
    expect(within(drawer).getByText(/^Suspended since/)).toBeInTheDocument();
  });

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh');
    api('support');
    show(`/admin/users?user=${ID}`);
    const drawer = await screen.findByRole('dialog', { name: 'lin 的账号' });
    expect(await within(drawer).findByTestId('user-debt')).toHaveTextContent('欠 40 个魔方');
    expect(screen.getByRole('heading', { name: '最新注册的账号' })).toBeInTheDocument();
  });
});
