import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { i18n } from '../shared/i18n/i18n.ts';
import { mockApi, renderInApp } from '../test/render-app.tsx';
import { TestPaymentsRibbon } from './test-payments-ribbon.tsx';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the test payments ribbon', () => {
  it('says purchases are free while the server offers the development provider', async () => {
    mockApi({ '/config': { data: { ipCountryLookupUrl: null, testPayments: true } } });
    renderInApp(<TestPaymentsRibbon />);
    const ribbon = await screen.findByRole('complementary', { name: 'Test payments notice' });
    expect(ribbon).toHaveTextContent('Test payments. Purchases on this server are confirmed for free');
  });

  it('says it in Chinese', async () => {
    await i18n.changeLanguage('zh');
    mockApi({ '/config': { data: { ipCountryLookupUrl: null, testPayments: true } } });
    renderInApp(<TestPaymentsRibbon />);
    expect(await screen.findByRole('complementary', { name: '测试支付提示' })).toHaveTextContent('测试支付。');
  });

  it('is not there when payments are real', async () => {
    const api = mockApi();
    renderInApp(<TestPaymentsRibbon />);
    await vi.waitFor(() => expect(api.to('/config')).toHaveLength(1));
    expect(screen.queryByTestId('test-payments-ribbon')).not.toBeInTheDocument();
  });
});
