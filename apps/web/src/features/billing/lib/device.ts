import type { CheckoutDevice } from '@turing/contract';

interface Browser {
  navigator: { userAgent: string; userAgentData?: { mobile?: boolean } };
  matchMedia(query: string): { matches: boolean };
}

/** Narrower than any tablet held upright (the smallest iPad is 744 px wide). */
const NARROW = '(max-width: 740px)';

/**
 * Whether the buyer pays on a phone: the providers then send them to their app (WeChat Pay H5,
 * Alipay's phone page) instead of showing a QR code to scan with one. Phones say so in the user
 * agent ("Mobile", or Client Hints' `mobile`); a touch-only screen as narrow as a phone counts too
 * (a phone browser asking for the desktop site). Tablets pay as desktops: a QR code works there.
 */
export function checkoutDevice(browser: Browser = window as Browser): CheckoutDevice {
  const { userAgent, userAgentData } = browser.navigator;
  if (userAgentData?.mobile || /\bMobile\b/.test(userAgent)) return 'phone';
  const touchOnly = browser.matchMedia('(pointer: coarse)').matches;
  return touchOnly && browser.matchMedia(NARROW).matches ? 'phone' : 'desktop';
}

/**
 * WeChat's own browser (a link opened from a chat): WeChat Pay's H5 page refuses to open there and
 * Alipay's pages are blocked, so the buyer is asked to open the page in the phone's browser.
 */
export const insideWechat = (browser: Browser = window as Browser) =>
  /MicroMessenger/i.test(browser.navigator.userAgent);
