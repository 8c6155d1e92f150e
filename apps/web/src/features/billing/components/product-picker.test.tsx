import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BillingAccount, Product } from '@turing/contract';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { mockApi, renderInApp } from '../../../test/render-app.tsx';
import { ProductPicker } from './product-picker.tsx';

const products: Product[] = [
  {
    id: 'cubes-50',
    kind: 'cubes',
    cubes: 50,
    period: null,
    price: { CNY: 990, USD: 149 },
    name: { en: '50 cubes', zh: '50 魔方' },
  },
  {
    id: 'plan-day',
    kind: 'plan',
    cubes: 0,
    period: 'day',
    price: { CNY: 1200, USD: 199 },
    name: { en: 'Day plan', zh: '日卡' },
  },
];
const account: BillingAccount = {
  cubes: 3,
  debt: 0,
  planDebtSeconds: 0,
  planUntil: null,
  planSecondsLeft: 0,
  isVip: false,
  providers: ['dev'],
};
const ORDER_ID = '8d100cf7-336e-46ba-81d0-5c5b8d3ccb01';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

describe('choosing and buying a product', () => {
  it('preselects the suggested product and prices it in dollars for English readers', async () => {
    mockApi();
    renderInApp(<ProductPicker products={products} account={account} suggestedId="plan-day" />);
    expect(screen.getByTestId('product-plan-day')).toBeChecked();
    expect(screen.getByText('Suggested for the task you wanted to generate')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'USD' })).toBeChecked();
    expect(screen.getByTestId('order-total')).toHaveTextContent('$1.99');
  });

  it.each([
    ['en', '$1.49 per pack', '$1.99 each'],
    ['zh', '每包 ¥9.90', '每份 ¥12.00'],
  ] as const)('prices cube packs per pack and plans each (%s)', async (lang, packPrice, planPrice) => {
    await i18n.changeLanguage(lang);
    mockApi();
    renderInApp(<ProductPicker products={products} account={account} suggestedId={null} />);
    expect(screen.getByTestId('product-cubes-50')).toHaveAccessibleName(expect.stringContaining(packPrice));
    expect(screen.getByTestId('product-plan-day')).toHaveAccessibleName(expect.stringContaining(planPrice));
  });

  it('prices in yuan for Chinese readers, and the switch changes the currency', async () => {
    await i18n.changeLanguage('zh');
    mockApi();
    renderInApp(<ProductPicker products={products} account={account} suggestedId={null} />);
    expect(screen.getByTestId('order-total')).toHaveTextContent('¥9.90');
    await userEvent.setup().click(screen.getByText('USD'));
    expect(screen.getByTestId('order-total')).toHaveTextContent('US$1.49');
  });

  it('orders the pieces chosen and follows the development provider to its confirm step', async () => {
    const api = mockApi({
      '/billing/order/create': {
        data: {
          order: { id: ORDER_ID, provider: 'dev' },
          checkoutUrl: `http://localhost:9/#/user/product?pay=${ORDER_ID}`,
        },
      },
    });
    const user = userEvent.setup();
    const { router } = renderInApp(<ProductPicker products={products} account={account} suggestedId={null} />);
    await user.click(screen.getByTestId('product-cubes-50'));
    const pieces = screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(pieces);
    await user.type(pieces, '3');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$4.47');
    expect(screen.getByTestId('order-total')).toHaveTextContent('You receive 150 cubes');
    await user.click(screen.getByTestId('buy'));
    await waitFor(() => expect(router.state.location.search).toBe(`?pay=${ORDER_ID}`));
    expect(api.to('/billing/order/create').map((c) => c.body)).toEqual([
      { productId: 'cubes-50', pieces: 3, currency: 'USD', provider: 'dev', device: 'desktop' },
    ]);
  });

  it('shows the only provider that fits without a choice', () => {
    mockApi();
    renderInApp(<ProductPicker products={products} account={account} suggestedId={null} />);
    expect(screen.getByTestId('provider-only')).toHaveTextContent('Test payment');
    expect(screen.queryByRole('radiogroup', { name: 'Payment method' })).not.toBeInTheDocument();
  });

  it('cannot buy when no payment provider is offered', () => {
    mockApi();
    renderInApp(<ProductPicker products={products} account={{ ...account, providers: [] }} suggestedId={null} />);
    expect(screen.getByText(/Payments are not available right now/)).toBeInTheDocument();
    expect(screen.getByTestId('buy')).toBeDisabled();
  });
});

describe('choosing how to pay', () => {
  const all: BillingAccount = { ...account, providers: ['stripe', 'wechatpay', 'alipay', 'dev'] };
  const methodNames = (group = 'Payment method') =>
    Array.from(
      screen.getByRole('radiogroup', { name: group }).querySelectorAll('.billing-provider'),
      (el) => el.textContent,
    );

  it('offers WeChat Pay and Alipay with yuan only, keeping a provider that fits selected', async () => {
    mockApi();
    const user = userEvent.setup();
    renderInApp(<ProductPicker products={products} account={all} suggestedId={null} />);
    expect(methodNames()).toEqual(['Card (Stripe)', 'Test payment']);
    expect(screen.getByRole('radio', { name: 'Card (Stripe)' })).toBeChecked();
    await user.click(screen.getByText('CNY'));
    expect(methodNames()).toEqual(['Card (Stripe)', 'WeChat Pay', 'Alipay', 'Test payment']);
    await user.click(screen.getByRole('radio', { name: 'WeChat Pay' }));
    await user.click(screen.getByText('USD'));
    expect(screen.getByRole('radio', { name: 'Card (Stripe)' })).toBeChecked();
    await user.click(screen.getByText('CNY'));
    expect(screen.getByRole('radio', { name: 'WeChat Pay' })).toBeChecked();
  });

  it('starts a Chinese reader in yuan with WeChat Pay first, and opens its QR code', async () => {
    await i18n.changeLanguage('zh');
    const api = mockApi({
      '/billing/order/create': {
        data: {
          order: { id: ORDER_ID, provider: 'wechatpay' },
          checkoutUrl: `http://localhost:9/#/user/product?scan=${ORDER_ID}`,
        },
      },
    });
    const user = userEvent.setup();
    const { router } = renderInApp(<ProductPicker products={products} account={all} suggestedId={null} />);
    expect(screen.getByRole('radio', { name: 'CNY' })).toBeChecked();
    expect(methodNames('支付方式')).toEqual(['微信支付', '支付宝', '银行卡（Stripe）', '测试支付']);
    expect(screen.getByRole('radio', { name: '微信支付' })).toBeChecked();
    await user.click(screen.getByTestId('buy'));
    await waitFor(() => expect(router.state.location.search).toBe(`?scan=${ORDER_ID}`));
    expect(api.to('/billing/order/create').map((c) => c.body)).toEqual([
      { productId: 'cubes-50', pieces: 1, currency: 'CNY', provider: 'wechatpay', device: 'desktop' },
    ]);
  });

  it('inside WeChat’s own browser, asks to open the page elsewhere before paying by wallet', async () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone) Mobile/15E148 MicroMessenger/8.0.50(0x1800323c) NetType/WIFI Language/zh_CN',
    );
    mockApi();
    const user = userEvent.setup();
    renderInApp(<ProductPicker products={products} account={all} suggestedId={null} />);
    await user.click(screen.getByText('CNY'));
    await user.click(screen.getByRole('radio', { name: 'WeChat Pay' }));
    expect(screen.getByText(/Open in browser/)).toBeInTheDocument();
    expect(screen.getByTestId('buy')).toBeDisabled();
    // A card through Stripe opens in any browser.
    await user.click(screen.getByRole('radio', { name: 'Card (Stripe)' }));
    expect(screen.getByTestId('buy')).toBeEnabled();
  });

  it('asks a phone for the provider’s app', async () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) Mobile/15E148');
    const api = mockApi({
      '/billing/order/create': {
        data: { order: { id: ORDER_ID, provider: 'alipay' }, checkoutUrl: `/#/user/product?order=${ORDER_ID}` },
      },
    });
    const user = userEvent.setup();
    renderInApp(<ProductPicker products={products} account={all} suggestedId={null} />);
    await user.click(screen.getByText('CNY'));
    await user.click(screen.getByRole('radio', { name: 'Alipay' }));
    await user.click(screen.getByTestId('buy'));
    await waitFor(() => expect(api.to('/billing/order/create')).toHaveLength(1));
    expect(api.to('/billing/order/create')[0]!.body).toMatchObject({
      provider: 'alipay',
      currency: 'CNY',
      device: 'phone',
    });
  });

  it('starts in yuan when only WeChat Pay and Alipay are offered, and says why dollars cannot pay', async () => {
    mockApi();
    renderInApp(
      <ProductPicker
        products={products}
        account={{ ...account, providers: ['wechatpay', 'alipay'] }}
        suggestedId={null}
      />,
    );
    expect(screen.getByRole('radio', { name: 'CNY' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'WeChat Pay' })).toBeChecked();
    await userEvent.setup().click(screen.getByText('USD'));
    expect(screen.getByText(/WeChat Pay and Alipay charge in yuan/)).toBeInTheDocument();
    expect(screen.getByTestId('buy')).toBeDisabled();
  });
});
