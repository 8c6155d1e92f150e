import { expect, test, type Page } from '@playwright/test';

// The sign-in page and the community arrive with Ant Design's styles made at build time
// (apps/web/build/first-load-styles.ts): the browser makes none of their components' styles, and
// the pages look exactly as they do when the browser makes them all (the sheet's request refused).

/** The component class of each style element Ant Design made in the browser (not its theme's variables). */
const madeInBrowser = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('style[data-css-hash]:not([data-token-hash])')]
      .map((s) => /^:where\(\.css-\w+\)\.(ant-[\w-]+)/.exec(s.textContent ?? '')?.[1])
      .filter((cls) => cls !== undefined)
      // A component's root class when it sits on its own (`ant-form-css-var`) names the component.
      .map((cls) => cls.replace(/-css-var$/, '')),
  );

/** The component classes the page's prebuilt sheet says it holds (its list of style paths). */
const listedInSheet = (page: Page) =>
  page.evaluate(() => {
    const css = document.querySelector('style[data-prebuilt="antd"]')?.textContent ?? '';
    const list = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)"/.exec(css)?.[1] ?? '';
    // Each entry: hash class|style name|component class|icon class:style hash.
    return [...new Set(list.split(';').map((entry) => entry.split('|')[2] ?? ''))].filter((c) => c.startsWith('ant-'));
  });

/** Every computed property (but the animated ones) of the elements `selector` finds, with their pseudo-elements. */
const computed = (page: Page, selector: string) =>
  page.evaluate((selector) => {
    const read = (style: CSSStyleDeclaration) =>
      [...style]
        .filter((name) => name !== 'transform' && name !== 'opacity')
        .sort()
        .map((name) => `${name}:${style.getPropertyValue(name)}`)
        .join(';');
    return [...document.querySelectorAll(selector)].map(
      (el) =>
        `${el.tagName}.${el.getAttribute('class') ?? ''} ${read(getComputedStyle(el))} ${read(getComputedStyle(el, '::before'))} ${read(getComputedStyle(el, '::after'))}`,
    );
  }, selector);

/** Waits until no transition or animation runs on the elements compared (a tab's ink bar slides in). */
const settled = (page: Page, selector: string) =>
  page.waitForFunction(
    (selector) =>
      [...document.querySelectorAll(selector)].every((el) =>
        el.getAnimations().every((a) => a.playState !== 'running'),
      ),
    selector,
  );

const PAGES = [
  {
    route: '/login',
    ready: (page: Page) => expect(page.getByRole('form', { name: 'Log in' })).toBeVisible(),
    // The whole page: it shows the same thing on every visit.
    compare: '#root, #root *',
    listed: ['ant-form', 'ant-input', 'ant-segmented', 'ant-checkbox'],
  },
  {
    route: '/community',
    ready: (page: Page) => expect(page.getByTestId('filter-style')).toBeVisible(),
    // The filters (the works shown change as other journeys publish).
    compare: '[data-testid^="filter-"], [data-testid^="filter-"] *',
    listed: ['ant-select', 'ant-input', 'ant-typography'],
  },
];

for (const { route, ready, compare, listed: expected } of PAGES)
  for (const colorScheme of ['light', 'dark'] as const)
    test.describe(`${route} in the ${colorScheme} theme`, () => {
      test.use({ colorScheme });

      test('comes with its Ant Design styles prebuilt, and looks as it does without them', async ({
        page,
        context,
      }) => {
        await page.goto(`/#${route}`);
        await ready(page);
        await settled(page, compare);
        await expect(page.locator('style[data-prebuilt="antd"]')).toHaveCount(1);
        const listed = await listedInSheet(page);
        expect(listed).toEqual(expect.arrayContaining(expected));
        // Made here anyway: a component the page shows only in some states (an empty gallery's notice).
        const covered = (cls: string) => listed.includes(cls);
        expect((await madeInBrowser(page)).filter(covered)).toEqual([]);
        const prebuilt = await computed(page, compare);

        await context.route(/\/assets\/antd-[^/]*\.css$/, (r) => r.abort());
        await page.goto('about:blank');
        await page.goto(`/#${route}`);
        await ready(page);
        await settled(page, compare);
        await expect(page.locator('style[data-prebuilt]')).toHaveCount(0);
        expect((await madeInBrowser(page)).filter(covered)).toEqual(expect.arrayContaining(expected));
        expect(await computed(page, compare)).toEqual(prebuilt);
      });
    });
