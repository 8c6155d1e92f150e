import { CNY_ONLY_PROVIDERS, type Currency, type PaymentProviderName } from '@turing/contract';

/** Providers a Chinese reader looks for first, in this order. */
const CHINESE_FIRST: readonly PaymentProviderName[] = ['wechatpay', 'alipay'];

/** Whether a provider can charge in this currency (WeChat Pay and Alipay take yuan only). */
const chargesIn = (provider: PaymentProviderName, currency: Currency) =>
  currency === 'CNY' || !CNY_ONLY_PROVIDERS.includes(provider);

/**
 * The offered providers that can charge in the chosen currency, in the order shown: a Chinese
 * reader sees WeChat Pay and Alipay first, anyone else the server's order.
 */
export function providerChoices(
  offered: readonly PaymentProviderName[],
  currency: Currency,
  language: string,
): PaymentProviderName[] {
  const fitting = offered.filter((p) => chargesIn(p, currency));
  if (language !== 'zh') return fitting;
  const rank = (p: PaymentProviderName) => {
    const i = CHINESE_FIRST.indexOf(p);
    return i === -1 ? CHINESE_FIRST.length : i;
  };
  // Array.prototype.sort is stable: the rest keep the server's order.
  return fitting.sort((a, b) => rank(a) - rank(b));
}

/**
 * The currency shown first: the reader's (yuan in Chinese, dollars otherwise), unless no offered
 * provider charges in it while yuan has one (only WeChat Pay and Alipay are offered).
 */
export function firstCurrency(preferred: Currency, offered: readonly PaymentProviderName[]): Currency {
  const fits = (c: Currency) => offered.some((p) => chargesIn(p, c));
  return !fits(preferred) && fits('CNY') ? 'CNY' : preferred;
}
