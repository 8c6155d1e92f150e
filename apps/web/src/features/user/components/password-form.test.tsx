import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../shared/i18n/i18n.ts';
import * as toastModule from '../../../shared/ui/toast.ts';
import { mockApi, renderInApp } from '../../../test/render-app.tsx';
import { PasswordForm } from './password-form.tsx';

const PATH = '/user/update/password';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('changing the password', () => {
  it('asks for the current password and refuses a confirmation that differs', async () => {
    const api = mockApi();
    const user = userEvent.setup();
    renderInApp(<PasswordForm hasPassword />);
    await user.type(screen.getByLabelText('New password'), 'abc');
    await user.type(screen.getByLabelText('Confirm new password'), 'abd');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Please enter a password')).toBeInTheDocument();
    expect(await screen.findByText('The password must be 6 to 32 characters')).toBeInTheDocument();
    expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument();
    expect(api.to(PATH)).toEqual([]);
  });

  it('sends the three passwords, confirms, and empties the form', async () => {
    const api = mockApi({ [PATH]: { data: null } });
    const success = vi.spyOn(toastModule.toast, 'success');
    const user = userEvent.setup();
    renderInApp(<PasswordForm hasPassword />);
    await user.type(screen.getByLabelText('Current password'), 'old-secret');
    await user.type(screen.getByLabelText('New password'), 'new-secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Password changed; other devices have been logged out'));
    expect(api.to(PATH).map((c) => c.body)).toEqual([
      { oldPassword: 'old-secret', password: 'new-secret', confirmPassword: 'new-secret' },
    ]);
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });

  it('puts a wrong current password under its field', async () => {
    mockApi({
      [PATH]: {
        status: 400,
        code: 'OLD_PASSWORD_WRONG',
        msg: 'The current password is wrong',
        details: [{ field: 'oldPassword', code: 'OLD_PASSWORD_WRONG' }],
      },
    });
    const user = userEvent.setup();
    renderInApp(<PasswordForm hasPassword />);
    await user.type(screen.getByLabelText('Current password'), 'not-it');
    await user.type(screen.getByLabelText('New password'), 'new-secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is wrong')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveValue('not-it');
  });

  it('lets an account without a password set one', async () => {
    const api = mockApi({ [PATH]: { data: null } });
    const user = userEvent.setup();
    renderInApp(<PasswordForm hasPassword={false} />);
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'first-secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'first-secret');
    await user.click(screen.getByRole('button', { name: 'Set a password' }));
    await waitFor(() => expect(api.to(PATH)).toHaveLength(1));
    expect(api.to(PATH)[0]!.body).toEqual({ password: 'first-secret', confirmPassword: 'first-secret' });
  });
});
