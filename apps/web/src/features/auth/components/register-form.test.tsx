import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserProfile } from '@turing/contract';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { useLoginStore } from '../../../shared/session/login-store.ts';
import { mockApi, renderInApp } from '../../../test/render-app.tsx';
import { RegisterForm } from './register-form.tsx';

/** Every field as a new user fills it in, the agreement ticked. */
async function fillIn(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.type(screen.getByLabelText('E-mail address'), 'grace@example.com');
  await user.type(screen.getByLabelText('Verification code'), code);
  await user.type(screen.getByLabelText('Username'), 'grace');
  await user.type(screen.getByLabelText('Password'), 'secret12');
  await user.type(screen.getByLabelText('Confirm password'), 'secret12');
  await user.click(screen.getByRole('combobox', { name: 'Occupation' }));
  await user.click(await screen.findByText('Architect'));
  await user.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
}

const submit = () => screen.getByRole('button', { name: 'Create account' });

beforeEach(async () => {
  await i18n.changeLanguage('en');
  useLoginStore.getState().reset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the register form', () => {
  it('refuses passwords that differ and an unticked agreement', async () => {
    const api = mockApi();
    const user = userEvent.setup();
    renderInApp(<RegisterForm />, { path: '/login' });
    await user.type(screen.getByLabelText('Password'), 'secret12');
    await user.type(screen.getByLabelText('Confirm password'), 'secret13');
    await user.click(submit());
    // antd validates the fields one by one: each message may arrive a moment after the others.
    expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument();
    expect(
      await screen.findByText('Please read and agree to the user agreement and privacy policy'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Please choose your occupation')).toBeInTheDocument();
    expect(await screen.findByText('Please enter the verification code')).toBeInTheDocument();
    expect(api.to('/unauthorized/reg')).toEqual([]);
  });

  it('drops the messages once the passwords match and the agreement is ticked', async () => {
    mockApi();
    const user = userEvent.setup();
    renderInApp(<RegisterForm />, { path: '/login' });
    await user.type(screen.getByLabelText('Password'), 'secret12');
    await user.type(screen.getByLabelText('Confirm password'), 'secret1');
    await user.click(submit());
    expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirm password'), '2');
    await user.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
    await waitFor(() => {
      expect(screen.queryByText('The two passwords do not match')).not.toBeInTheDocument();
      expect(screen.queryByText(/Please read and agree/)).not.toBeInTheDocument();
    });
  });

  it('shows the user agreement in a dialog', async () => {
    mockApi();
    const user = userEvent.setup();
    renderInApp(<RegisterForm />, { path: '/login' });
    await user.click(screen.getByRole('button', { name: 'User agreement' }));
    const dialog = await screen.findByRole('dialog', { name: 'User agreement' });
    expect(within(dialog).getByText(/You keep the rights to the images you create/)).toBeInTheDocument();
  });

  it('creates the account with every field and logs in', async () => {
    const profile = { id: 'u2', nickname: 'Grace', avatarUrl: null } as UserProfile;
    const api = mockApi({ '/unauthorized/reg': { data: profile } });
    const user = userEvent.setup();
    renderInApp(<RegisterForm />, { path: '/login' });
    await fillIn(user, '123456');
    await user.click(submit());

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(api.to('/unauthorized/reg').map((c) => c.body)).toEqual([
      {
        email: 'grace@example.com',
        code: '123456',
        username: 'grace',
        password: 'secret12',
        confirmPassword: 'secret12',
        occupation: 'architect',
        agree: true,
      },
    ]);
    expect(useLoginStore.getState()).toMatchObject({ loginState: true, nickname: 'Grace' });
  });

  it('puts a wrong code under the code field', async () => {
    mockApi({
      '/unauthorized/reg': {
        status: 400,
        code: 'CODE_WRONG',
        msg: 'The verification code is wrong',
        details: [{ field: 'code', code: 'CODE_WRONG' }],
      },
    });
    const user = userEvent.setup();
    renderInApp(<RegisterForm />, { path: '/login' });
    await fillIn(user, '000000');
    await user.click(submit());
    expect(await screen.findByText('The verification code is wrong')).toBeInTheDocument();
    expect(screen.queryByText('Home page')).not.toBeInTheDocument();
  });

  it('sends the invitation code from a share link, and an unknown one comes back under its field', async () => {
    const api = mockApi({
      '/unauthorized/reg': {
        status: 404,
        code: 'INVITE_CODE_NOT_FOUND',
        msg: 'This invitation code does not exist',
        details: [{ field: 'inviteCode', code: 'INVITE_CODE_NOT_FOUND' }],
      },
    });
    const user = userEvent.setup();
    renderInApp(<RegisterForm inviteCode="IRIS5678" />, { path: '/login' });
    expect(screen.getByLabelText('Invitation code (optional)')).toHaveValue('IRIS5678');
    await fillIn(user, '123456');
    await user.click(submit());
    expect(await screen.findByText('This invitation code does not exist')).toBeInTheDocument();
    expect(api.to('/unauthorized/reg').map((c) => (c.body as { inviteCode?: string }).inviteCode)).toEqual([
      'IRIS5678',
    ]);
  });
});
