import { describe, expect, it } from 'vitest';
import { checkoutDevice, insideWechat } from './device.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const ANDROID_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const ANDROID_TABLET =
  'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const DESKTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const browser = (
  userAgent: string,
  { coarse = false, narrow = false, mobile }: { coarse?: boolean; narrow?: boolean; mobile?: boolean } = {},
) => ({
  navigator: { userAgent, ...(mobile === undefined ? {} : { userAgentData: { mobile } }) },
  matchMedia: (query: string) => ({
    matches: query.includes('pointer: coarse') ? coarse : query.includes('max-width') ? narrow : false,
  }),
});

describe('the device a checkout is for', () => {
  it('is a phone when the browser says so', () => {
    expect(checkoutDevice(browser(IPHONE, { coarse: true, narrow: true }))).toBe('phone');
    expect(checkoutDevice(browser(ANDROID_PHONE, { coarse: true }))).toBe('phone');
    expect(checkoutDevice(browser(DESKTOP, { mobile: true }))).toBe('phone');
  });

  it('is a phone for a narrow touch-only screen asking for the desktop site', () => {
    expect(checkoutDevice(browser(DESKTOP, { coarse: true, narrow: true }))).toBe('phone');
  });

  it('is a desktop for tablets, narrow desktop windows and wide touch screens', () => {
    expect(checkoutDevice(browser(ANDROID_TABLET, { coarse: true }))).toBe('desktop');
    expect(checkoutDevice(browser(DESKTOP, { narrow: true }))).toBe('desktop');
    expect(checkoutDevice(browser(DESKTOP, { coarse: true }))).toBe('desktop');
    expect(checkoutDevice(browser(DESKTOP, { mobile: false }))).toBe('desktop');
  });

  it('reads the browser it runs in by default', () => {
    expect(checkoutDevice()).toBe('desktop');
  });
});

describe('WeChat’s own browser', () => {
  it('is told apart by its MicroMessenger token', () => {
    expect(insideWechat(browser(`${IPHONE} MicroMessenger/8.0.50(0x1800323c) NetType/WIFI`))).toBe(true);
    expect(insideWechat(browser(IPHONE))).toBe(false);
  });
});
