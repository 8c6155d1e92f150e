import fs from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { BootData } from '@turing/contract';
import enCommon from '../locales/en/common.json';
import zhCommon from '../locales/zh/common.json';
import enCommunity from '../locales/en/community.json';
import zhCommunity from '../locales/zh/community.json';
import { shellOf } from './boot-shell.tsx';

const html = fs.readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');
const inlineScripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);

const banner = (n: number) => ({
  id: `b${n}`,
  title: { en: `Banner ${n}`, zh: `横幅 ${n}` },
  subtitle: { en: `About ${n}`, zh: `关于 ${n}` },
  imageUrl: `/files/public/banner/b${n}.webp`,
  link: '/design',
});
const data = (over: Partial<BootData> = {}): BootData => ({
  config: { ipCountryLookupUrl: null, testPayments: true },
  banners: [banner(1), banner(2)],
  ...over,
});

/** <html> without what index.html's scripts set on it. */
function resetRootElement() {
  for (const name of ['lang', 'data-boot', 'data-ribbon', 'data-theme', 'style']) {
    document.documentElement.removeAttribute(name);
  }
}

/**
 * index.html opened at `route` in `locale`, as the server sends it (with `boot` as its data block, or
 * none as in development), with its inline scripts run as the browser runs them before the first paint.
 */
function openIndex(route: string, locale: 'en' | 'zh', boot: BootData | null) {
  const page = new DOMParser().parseFromString(html, 'text/html');
  document.head.innerHTML = page.head.innerHTML;
  document.body.innerHTML = page.body.innerHTML;
  resetRootElement();
  if (boot) {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'boot-data';
    block.textContent = JSON.stringify(boot);
    document.head.prepend(block);
  }
  localStorage.setItem('LOCALE', JSON.stringify({ value: locale }));
  window.location.hash = `#${route}`;
  // The first one runs in the head, the last one after the shell's markup; the build's own comes later.
  for (const script of inlineScripts) new Function(script)();
  return document.getElementById('root')!;
}

const text = (root: Element, selector: string) => root.querySelector(selector)?.textContent ?? null;

afterEach(() => {
  // The document is shared with the test files that run after this one.
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  resetRootElement();
  localStorage.clear();
  window.location.hash = '';
});

describe('the first paint index.html draws', () => {
  it.each([
    ['en', enCommon, enCommunity],
    ['zh', zhCommon, zhCommunity],
  ] as const)(
    'on /community in %s: the notice, the title line and the first banner, in the app’s words',
    (locale, common, community) => {
      const root = openIndex('/community', locale, data());
      expect(document.documentElement.dataset.boot).toBe('community');
      expect(document.documentElement.hasAttribute('data-ribbon')).toBe(true);
      expect(text(root, '.boot-ribbon')).toBe(`${common.testPayments.title} ${common.testPayments.body}`);
      expect(text(root, '.boot-community__title')).toBe(community.gallery.title);
      expect(text(root, '.boot-community__subtitle')).toBe(community.gallery.subtitle);
      expect(root.querySelectorAll('.boot-banner img')).toHaveLength(1);
      expect(root.querySelector('.boot-banner img')!.getAttribute('src')).toBe('/files/public/banner/b1.webp');
      expect(text(root, '.boot-banner__title')).toBe(banner(1).title[locale]);
      expect(text(root, '.boot-banner__subtitle')).toBe(banner(1).subtitle[locale]);
    },
  );

  it('draws no banner when there is none, and no notice without test payments', () => {
    const root = openIndex(
      '/community',
      'en',
      data({ banners: [], config: { ipCountryLookupUrl: null, testPayments: false } }),
    );
    expect(root.querySelector('.boot-banner')).toBeNull();
    expect(document.documentElement.hasAttribute('data-ribbon')).toBe(false);
    expect(text(root, '.boot-community__title')).toBe(enCommunity.gallery.title);
  });

  it('loads no banner image on other pages, and keeps the banner’s space empty without the data', () => {
    expect(openIndex('/home', 'en', data()).querySelector('.boot-banner img')!.getAttribute('src')).toBeNull();
    expect(document.documentElement.dataset.boot).toBe('app');
    expect(openIndex('/login', 'en', data()).querySelector('.boot-banner img')!.getAttribute('src')).toBeNull();
    expect(document.documentElement.dataset.boot).toBe('login');
    const dev = openIndex('/community', 'en', null);
    expect(dev.querySelector('.boot-banner img')!.getAttribute('src')).toBeNull();
    expect(document.documentElement.hasAttribute('data-ribbon')).toBe(false);
  });

  it('is what the router shows until the first page is ready', () => {
    const root = openIndex('/community', 'zh', data());
    const painted = root.innerHTML;
    expect(root.querySelectorAll('svg')).toHaveLength(3);
    const BootShell = shellOf(painted);
    expect(renderToStaticMarkup(<BootShell />)).toBe(`<div class="boot-shell">${painted}</div>`);
  });
});
