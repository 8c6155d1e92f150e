import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../shared/i18n/i18n.ts';
import * as toastModule from '../../../shared/ui/toast.ts';
import { mockApi, renderInApp } from '../../../test/render-app.tsx';
import { ResetForm } from './reset-form.tsx';

const submit = () => screen.getByRole('button', { name: 'Reset password' });

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the password reset form', () => {
  it('says what is missing and sends nothing', async () => {
    const api = mockApi();
    const user = userEvent.setup();
    renderInApp(<ResetForm onDone={() => {}} onBack={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    await user.click(submit());
    expect(await screen.findByText('Please enter a valid e-mail address')).toBeInTheDocument();
    expect(await screen.findByText('Please enter the verification code')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Please enter a password')).toHaveLength(2));
    expect(api.to('/unauthorized/reset')).toEqual([]);
  });

  it('asks for a code only for a valid address, then counts down', async () => {
    const api = mockApi({ '/unauthorized/verCode': { data: { cooldownSeconds: 60, ttlMinutes: 5 } } });
    const success = vi.spyOn(toastModule.toast, 'success');
    const user = userEvent.setup();
    renderInApp(<ResetForm onDone={() => {}} onBack={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByText('Please enter a valid e-mail address')).toBeInTheDocument();
    expect(api.to('/unauthorized/verCode')).toEqual([]);

    await user.type(screen.getByLabelText('E-mail address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
    expect(api.to('/unauthorized/verCode').map((c) => c.body)).toEqual([
      { channel: 'email', email: 'ada@example.com', purpose: 'reset' },
    ]);
    expect(success).toHaveBeenCalledWith('If an account uses ada@example.com, a verification code is on its way');
  });

  it('refuses a confirmation that differs', async () => {
    mockApi();
    const user = userEvent.setup();
    renderInApp(<ResetForm onDone={() => {}} onBack={() => {}} />);
    await user.type(screen.getByLabelText('New password'), 'secret12');
    await user.type(screen.getByLabelText('Confirm password'), 'secret21');
    await user.click(submit());
    expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument();
  });

  it('resets the password and hands the account back to the login form', async () => {
    const api = mockApi({ '/unauthorized/reset': { data: null } });
    const success = vi.spyOn(toastModule.toast, 'success');
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderInApp(<ResetForm onDone={onDone} onBack={() => {}} />);
    await user.type(screen.getByLabelText('E-mail address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.type(screen.getByLabelText('New password'), 'secret12');
    await user.type(screen.getByLabelText('Confirm password'), 'secret12');
    await user.click(submit());
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ method: 'email', value: 'ada@example.com' }));
    expect(api.to('/unauthorized/reset').map((c) => c.body)).toEqual([
      { email: 'ada@example.com', code: '123456', password: 'secret12', confirmPassword: 'secret12' },
    ]);
    expect(success).toHaveBeenCalledWith('Your password was reset, please log in with the new one');
  });

  it('goes back to the login form', async () => {
    mockApi();
    const onBack = vi.fn();
    const user = userEvent.setup();
    renderInApp(<ResetForm onDone={() => {}} onBack={onBack} />);
    await user.click(screen.getByRole('button', { name: 'Back to log in' }));
    expect(onBack).toHaveBeenCalledOnce();
  });
});
