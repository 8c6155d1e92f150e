import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../shared/i18n/i18n.ts';
import * as toastModule from '../../../shared/ui/toast.ts';
import { mockApi, renderInApp } from '../../../test/render-app.tsx';
import { InvitationCard } from './invitation-card.tsx';

const mine = {
  code: 'ADA12345',
  link: 'http://app.test/#/login?tab=register&invite=ADA12345',
  invitedBy: null,
  invitedCount: 3,
  bonusCubes: 10,
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the invitation card', () => {
  it('shows the code, link, count and bonus, and copies the link', async () => {
    mockApi({ '/user/invitation': { data: mine } });
    const user = userEvent.setup();
    // After setup: user-event puts a clipboard of its own on the navigator.
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const success = vi.spyOn(toastModule.toast, 'success');
    renderInApp(<InvitationCard />);
    expect(await screen.findByTestId('my-invite-code')).toHaveTextContent('ADA12345');
    expect(screen.getByTestId('invite-link')).toHaveTextContent(mine.link);
    expect(screen.getByTestId('invited-count')).toHaveTextContent('3');
    expect(screen.getByText('10 cubes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy Share link' }));
    expect(writeText).toHaveBeenCalledWith(mine.link);
    expect(success).toHaveBeenCalledWith('Copied');
  });

  it('puts a refusal under the field and accepts a code once, then shows who invited', async () => {
    let tries = 0;
    let invitedBy: string | null = null;
    const api = mockApi({
      '/user/invitation': () => ({ data: { ...mine, invitedBy } }),
      '/user/invitation/bind': () => {
        if (++tries === 1) {
          return { status: 400, code: 'INVITE_CODE_SELF', msg: 'You cannot enter your own invitation code' };
        }
        invitedBy = 'Iris';
        return { data: { ...mine, invitedBy, bonusPaid: true } };
      },
    });
    const user = userEvent.setup();
    renderInApp(<InvitationCard />);
    const field = await screen.findByRole('textbox', { name: 'Invitation code you received' });
    await user.type(field, 'ADA12345');
    await user.click(screen.getByRole('button', { name: 'Enter code' }));
    expect(await screen.findByText('You cannot enter your own invitation code')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'IRIS5678');
    await user.click(screen.getByRole('button', { name: 'Enter code' }));
    expect(await screen.findByTestId('invited-by')).toHaveTextContent('You were invited by Iris');
    expect(screen.queryByRole('textbox', { name: 'Invitation code you received' })).not.toBeInTheDocument();
    expect(api.to('/user/invitation/bind').map((c) => c.body)).toEqual([{ code: 'ADA12345' }, { code: 'IRIS5678' }]);
  });

  it('says when a code linked the accounts without a bonus', async () => {
    mockApi({
      '/user/invitation': { data: mine },
      '/user/invitation/bind': { data: { ...mine, invitedBy: 'Iris', bonusPaid: false } },
    });
    const success = vi.spyOn(toastModule.toast, 'success');
    const user = userEvent.setup();
    renderInApp(<InvitationCard />);
    await user.type(await screen.findByRole('textbox', { name: 'Invitation code you received' }), 'IRIS5678');
    await user.click(screen.getByRole('button', { name: 'Enter code' }));
    await vi.waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        'Invitation code accepted. No bonus this time: one was paid between you before, or your inviter has reached the limit of bonus invitations',
      ),
    );
  });
});
