import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserProfile } from '@turing/contract';
import { i18n } from '../../../shared/i18n/i18n.ts';
import * as toastModule from '../../../shared/ui/toast.ts';
import { mockApi, renderInApp } from '../../../test/render-app.tsx';
import { BasicInfoForm } from './basic-info-form.tsx';

const PATH = '/user/update/info';
const profile: UserProfile = {
  id: 'u1',
  username: 'ada',
  nickname: 'Ada',
  avatarUrl: null,
  gender: 'female',
  isVip: false,
  signature: 'Concrete and light',
  occupation: 'architect',
  phone: null,
  email: 'a***@example.com',
  wechatBound: false,
  inviteCode: 'ADA00001',
  hasPassword: true,
  operator: null,
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the basic information form', () => {
  it('shows the profile as it is', () => {
    mockApi();
    renderInApp(<BasicInfoForm profile={profile} onSaved={() => {}} />);
    expect(screen.getByLabelText('Nickname')).toHaveValue('Ada');
    expect(screen.getByLabelText('Signature')).toHaveValue('Concrete and light');
    expect(screen.getByRole('radio', { name: 'Female' })).toBeChecked();
    expect(screen.getByText('Architect')).toBeInTheDocument();
  });

  it('refuses an empty nickname and sends nothing', async () => {
    const api = mockApi();
    const user = userEvent.setup();
    renderInApp(<BasicInfoForm profile={profile} onSaved={() => {}} />);
    await user.clear(screen.getByLabelText('Nickname'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Please enter a nickname')).toBeInTheDocument();
    expect(api.to(PATH)).toEqual([]);
  });

  it('saves the edited fields and hands the new profile back', async () => {
    const saved = {
      ...profile,
      nickname: 'Ada L.',
      gender: 'unknown' as const,
      occupation: 'interior_designer' as const,
    };
    const api = mockApi({ [PATH]: { data: saved } });
    const success = vi.spyOn(toastModule.toast, 'success');
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderInApp(<BasicInfoForm profile={profile} onSaved={onSaved} />);
    await user.clear(screen.getByLabelText('Nickname'));
    await user.type(screen.getByLabelText('Nickname'), 'Ada L.');
    await user.click(screen.getByRole('radio', { name: 'Prefer not to say' }));
    await user.click(screen.getByRole('combobox', { name: 'Occupation' }));
    await user.click(await screen.findByText('Interior designer'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(api.to(PATH).map((c) => c.body)).toEqual([
      { nickname: 'Ada L.', signature: 'Concrete and light', gender: 'unknown', occupation: 'interior_designer' },
    ]);
    expect(success).toHaveBeenCalledWith('Your profile was saved');
  });

  it('puts a refused nickname under its field', async () => {
    mockApi({
      [PATH]: {
        status: 400,
        code: 'NICKNAME_TOO_LONG',
        msg: 'too long',
        details: [{ field: 'nickname', code: 'NICKNAME_TOO_LONG' }],
      },
    });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderInApp(<BasicInfoForm profile={profile} onSaved={onSaved} />);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The nickname can be at most 32 characters')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
