import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import type { ProjectAccess } from '@turing/contract';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { mockApi, renderInApp } from '../../../test/render-app.tsx';
import { abilities } from '../lib/access.ts';
import { detail, uid } from '../test/project-fixtures.ts';
import { MembersDialog } from './members-dialog.tsx';

const grace = { id: uid(901), nickname: 'Grace', avatarUrl: null, username: 'grace' };

function renderMembers(access: ProjectAccess, answers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    '/project/member/list': {
      data: {
        owner: { id: uid(900), nickname: 'Ada', avatarUrl: null },
        members: [{ user: grace, role: 'commenter', createdAt: '2026-11-20T10:00:00.000Z' }],
      },
    },
    ...answers,
  });
  const onLeave = vi.fn();
  renderInApp(
    <App>
      <MembersDialog open project={detail({ access })} can={abilities(access)} onClose={() => {}} onLeave={onLeave} />
    </App>,
  );
  return { api, onLeave };
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the members of a project', () => {
  it('explains each role and lets the owner invite, change a role and remove', async () => {
    const user = userEvent.setup();
    const { api } = renderMembers('owner', {
      '/project/member/add': (body) =>
        (body as { who: string }).who === 'nobody@example.com'
          ? { status: 404, code: 'MEMBER_USER_NOT_FOUND', msg: 'No user has that e-mail address or username' }
          : {
              data: {
                user: { ...grace, id: uid(902), nickname: 'Lin' },
                role: 'editor',
                createdAt: '2026-11-21T10:00:00.000Z',
              },
            },
      '/project/member/role': (body) => ({
        data: { user: grace, role: (body as { role: string }).role, createdAt: '' },
      }),
      '/project/member/remove': { data: { ok: true } },
    });
    const dialog = await screen.findByRole('dialog');
    const roles = within(dialog).getByRole('list', { name: 'What each role may do' });
    expect(
      within(roles)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Owner — everything, including members, review links and deleting the project',
      'Viewer — sees the views, versions and comments',
      'Commenter — also pins comments on images',
      'Editor — also generates, edits views and versions and sets the style',
    ]);
    const row = await within(dialog).findByTestId('member');
    expect(row).toHaveTextContent('Grace@grace');

    // Someone without an account: said under the field.
    await user.type(within(dialog).getByTestId('member-who'), 'nobody@example.com');
    await user.click(within(dialog).getByTestId('member-invite'));
    expect(await within(dialog).findByText('No user has that e-mail address or username')).toBeInTheDocument();

    await user.clear(within(dialog).getByTestId('member-who'));
    await user.type(within(dialog).getByTestId('member-who'), ' lin ');
    await user.click(within(dialog).getByTestId('member-invite'));
    await waitFor(() => expect(api.to('/project/member/add')).toHaveLength(2));
    expect(api.to('/project/member/add')[1]!.body).toEqual({ projectId: detail().id, who: 'lin', role: 'editor' });

    await user.click(within(row).getByRole('combobox', { name: 'Role of Grace' }));
    const editor = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-select-dropdown .ant-select-item-option[title="Editor"]');
      if (!found) throw new Error('no option');
      return found;
    });
    await user.click(editor);
    await waitFor(() => expect(api.to('/project/member/role')).toHaveLength(1));
    expect(api.to('/project/member/role')[0]!.body).toEqual({
      projectId: detail().id,
      userId: grace.id,
      role: 'editor',
    });

    await user.click(within(row).getByRole('button', { name: 'Remove' }));
    // The confirmation's own "Remove".
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Remove' })).toHaveLength(2));
    await user.click(screen.getAllByRole('button', { name: 'Remove' }).at(-1)!);
    await waitFor(() => expect(api.to('/project/member/remove')).toHaveLength(1));
    expect(api.to('/project/member/remove')[0]!.body).toEqual({ projectId: detail().id, userId: grace.id });
  });

  it('shows a member the people and their roles, and a way to leave', async () => {
    const user = userEvent.setup();
    const { onLeave } = renderMembers('commenter');
    const dialog = await screen.findByRole('dialog');
    const row = await within(dialog).findByTestId('member');
    expect(within(row).getByText('Commenter')).toBeInTheDocument();
    expect(within(row).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(dialog).queryByTestId('member-invite')).not.toBeInTheDocument();
    await user.click(within(dialog).getByTestId('member-leave'));
    expect(onLeave).toHaveBeenCalled();
  });
});
