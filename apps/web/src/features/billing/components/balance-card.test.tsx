import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { BillingAccount } from '@turing/contract';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { renderInApp } from '../../../test/render-app.tsx';
import { BalanceCard } from './balance-card.tsx';

const account: BillingAccount = {
  cubes: 12,
  debt: 0,
  planDebtSeconds: 0,
  planUntil: null,
  planSecondsLeft: 0,
  isVip: false,
  providers: ['dev'],
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

describe('the balance card', () => {
  it('says nothing about a debt when nothing is owed', () => {
    renderInApp(<BalanceCard account={account} />);
    expect(screen.getByTestId('balance-cubes')).toHaveTextContent('12');
    expect(screen.queryByTestId('balance-debt')).not.toBeInTheDocument();
  });

  it('shows the cubes and plan time a refunded order left owing, and how they are paid', () => {
    renderInApp(<BalanceCard account={{ ...account, cubes: 0, debt: 44, planDebtSeconds: 90_000 }} />);
    const notice = screen.getByTestId('balance-debt');
    expect(notice).toHaveTextContent('Your account owes what a refunded order had granted');
    expect(notice).toHaveTextContent('Owed from a refunded order: 44 cubes');
    expect(notice).toHaveTextContent('Owed from a refunded order: 1 d 1 h of plan time');
    expect(notice).toHaveTextContent(/pay this first/);
    expect(screen.getByTestId('balance-cubes')).toHaveTextContent('0');
  });

  it('says it in Chinese', async () => {
    await i18n.changeLanguage('zh');
    renderInApp(<BalanceCard account={{ ...account, cubes: 0, debt: 5 }} />);
    const notice = screen.getByTestId('balance-debt');
    expect(notice).toHaveTextContent('已退款订单欠付：5 个魔方');
    expect(notice).not.toHaveTextContent('欠付套餐时长');
  });
});
