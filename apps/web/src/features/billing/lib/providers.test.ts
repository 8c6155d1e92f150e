import { describe, expect, it } from 'vitest';
import { firstCurrency, providerChoices } from './providers.ts';

const ALL = ['stripe', 'wechatpay', 'alipay', 'dev'] as const;

describe('payment providers to choose from', () => {
  it('offers WeChat Pay and Alipay with yuan only', () => {
    expect(providerChoices(ALL, 'USD', 'en')).toEqual(['stripe', 'dev']);
    expect(providerChoices(ALL, 'CNY', 'en')).toEqual(['stripe', 'wechatpay', 'alipay', 'dev']);
    expect(providerChoices(['wechatpay', 'alipay'], 'USD', 'en')).toEqual([]);
  });

  it('puts WeChat Pay and Alipay first for Chinese readers, keeping the rest in the server order', () => {
    expect(providerChoices(ALL, 'CNY', 'zh')).toEqual(['wechatpay', 'alipay', 'stripe', 'dev']);
    expect(providerChoices(['dev', 'alipay', 'stripe'], 'CNY', 'zh')).toEqual(['alipay', 'dev', 'stripe']);
    expect(providerChoices(ALL, 'USD', 'zh')).toEqual(['stripe', 'dev']);
  });

  it('starts in yuan when only yuan can be paid', () => {
    expect(firstCurrency('USD', ['wechatpay', 'alipay'])).toBe('CNY');
    expect(firstCurrency('USD', ALL)).toBe('USD');
    expect(firstCurrency('CNY', ['stripe'])).toBe('CNY');
    expect(firstCurrency('USD', [])).toBe('USD');
  });
});
