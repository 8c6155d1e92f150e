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

/** Top-level rules of a stylesheet (those inside @media left out): selector → property → value. */
function rules(css: string): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  let depth = 0;
  let start = 0;
  let selector = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '{') {
      if (depth === 0) {
        selector = text.slice(start, i).trim();
        start = i + 1;
      }
      depth++;
    } else if (text[i] === '}') {
      depth--;
      if (depth === 0) {
        if (!selector.startsWith('@')) {
          const declarations = text
            .slice(start, i)
            .split(';')
            .map((d) => d.trim())
            .filter(Boolean)
            .map((d) => [d.slice(0, d.indexOf(':')).trim(), d.slice(d.indexOf(':') + 1).trim()] as const);
          out.set(selector, new Map(declarations));
        }
        start = i + 1;
      }
    }
  }
  return out;
}

describe('the styles index.html copies to paint before any stylesheet arrives', () => {
  const shell = rules([...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!).join('\n'));
  const sheet = (file: string) => rules(fs.readFileSync(path.join(import.meta.dirname, file), 'utf8'));
  const sources = {
    'test-payments-ribbon.css': sheet('test-payments-ribbon.css'),
    'community.css': sheet('../features/community/components/community.css'),
  };

  it.each([
    ['html[data-ribbon] .boot-ribbon', 'test-payments-ribbon.css', '.test-payments-ribbon'],
    ['.boot-banner img', 'community.css', '.banner__link img'],
    ['.boot-banner__text', 'community.css', '.banner__text'],
    ['.boot-banner__title', 'community.css', '.banner__title'],
    ['.boot-banner__subtitle', 'community.css', '.banner__subtitle'],
  ] as const)('%s has every declaration of %s’s %s', (copy, file, original) => {
    const drawn = sources[file].get(original);
    const copied = shell.get(copy);
    expect(drawn, original).toBeDefined();
    expect(copied, copy).toBeDefined();
    // What the original sets, the copy sets to the same value (it may set more).
    expect(copied).toEqual(new Map([...copied!, ...drawn!]));
  });
});
