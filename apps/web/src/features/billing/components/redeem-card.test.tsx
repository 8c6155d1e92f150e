import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { mockApi, renderInApp } from '../../../test/render-app.tsx';
import { RedeemCard } from './redeem-card.tsx';

const PATH = '/user/exchange';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function redeem(code: string) {
  const user = userEvent.setup();
  await user.clear(screen.getByRole('textbox', { name: 'Redemption code' }));
  if (code) await user.type(screen.getByRole('textbox', { name: 'Redemption code' }), code);
  await user.click(screen.getByRole('button', { name: 'Redeem' }));
}

describe('redeeming a code', () => {
  it('asks for a code before calling the server', async () => {
    const api = mockApi();
    renderInApp(<RedeemCard />);
    await redeem('');
    expect(await screen.findByText('Please enter a redemption code')).toBeInTheDocument();
    expect(api.to(PATH)).toEqual([]);
  });

  it.each([
    [{ cubes: 30, planDays: 0 }, 'Redeemed: 30 cubes added to your balance'],
    [{ cubes: 0, planDays: 7 }, 'Redeemed: 7 plan days added'],
    [{ cubes: 5, planDays: 2 }, 'Redeemed: 5 cubes and 2 plan days added'],
  ])('says what %o granted and empties the field', async (granted, text) => {
    const api = mockApi({ [PATH]: { data: granted } });
    renderInApp(<RedeemCard />);
    await redeem(' ABCD-EFGH ');
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === PATH)?.method).toBe('POST');
    expect(screen.getByRole('textbox', { name: 'Redemption code' })).toHaveValue('');
  });

  it.each([
    ['REDEEM_CODE_USED', 'This redemption code has already been used'],
    ['REDEEM_CODE_EXPIRED', 'This redemption code has expired'],
    ['REDEEM_CODE_NOT_FOUND', 'This redemption code does not exist'],
    ['REDEEM_CODE_REDEEMED_BY_YOU', 'You have already redeemed this code'],
    ['RATE_LIMITED', 'Too many requests, please try again in 600 s'],
  ])('shows the server’s own message for %s and keeps the code', async (code, msg) => {
    mockApi({ [PATH]: { status: 409, code, msg } });
    renderInApp(<RedeemCard />);
    await redeem('WXYZ');
    expect(await screen.findByTestId('redeem-outcome')).toHaveTextContent(msg);
    expect(screen.getByRole('textbox', { name: 'Redemption code' })).toHaveValue('WXYZ');
  });
});
