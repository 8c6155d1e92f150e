import { expect, test } from '@playwright/test';
import { installAxe, seriousViolations } from './support/axe.ts';
import { operatorSession, preferences } from './support/console.ts';

// The pages no other journey already checks in that theme and language (see console-*.spec.ts).
const PAGES = {
  light: ['moderation', 'codes', 'catalogue', 'tickets', 'engines', 'security'],
  dark: ['orders', 'codes', 'catalogue', 'tickets', 'engines', 'operators', 'audit', 'security'],
};

for (const [locale, theme] of [
  ['en', 'light'],
  ['zh', 'dark'],
] as const) {
  test(`the console's pages pass axe, ${theme} theme in ${locale === 'en' ? 'English' : 'Chinese'}, at 1280 px`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await preferences(page, locale, theme);
    await installAxe(page);
    await operatorSession(page, 'owner');
    for (const key of PAGES[theme]) {
      await page.goto(`/#/admin/${key}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
      // Nothing wider than the window: the console is usable at 1280 px.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
      expect(await seriousViolations(page), key).toEqual([]);
    }
  });
}
