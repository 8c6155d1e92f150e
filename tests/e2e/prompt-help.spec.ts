import { expect, test, type Page } from '@playwright/test';
import { installAxe, seriousViolations } from './support/axe.ts';
import { appHeader, generate, studioUser } from './support/studio.ts';

/**
 * "Improve prompt" on a server with no language model (the journeys' server has no OpenAI or
 * DashScope key): the answer is composed from the catalogue's tags and word packages, offline.
 */

interface ApiTask {
  state: string;
  params: { prompt?: string };
}

async function latestTask(page: Page): Promise<ApiTask> {
  let task: ApiTask | undefined;
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/turing/design/task/list?limit=1', { headers: appHeader });
        task = (await res.json()).data.items[0];
        return task?.state;
      },
      { timeout: 45_000 },
    )
    .toBe('complete');
  return task!;
}

async function useSettings(page: Page, theme: 'light' | 'dark', locale: 'en' | 'zh') {
  await page.addInitScript(
    ([t, l]) => {
      localStorage.setItem('THEME', JSON.stringify({ value: t, time: Date.now(), expire: null }));
      localStorage.setItem('LOCALE', JSON.stringify({ value: l, time: Date.now(), expire: null }));
    },
    [theme, locale],
  );
}

test('a few Chinese words become a full prompt, edited and used, then generated', async ({ page }) => {
  await studioUser(page);
  await page.goto('/#/design/text-generate');
  const prompt = page.getByTestId('prompt-input');
  const improve = page.getByRole('button', { name: 'Improve prompt' });
  await expect(improve).toBeDisabled();

  await prompt.fill('湖边 现代 别墅 夜景');
  await improve.click();
  const improved = page.getByRole('textbox', { name: 'Improved prompt' });
  await expect(improved).toBeFocused();
  await expect(improved).toHaveValue(/^建筑设计效果图，湖边，现代，别墅，夜景，带花园的私人别墅，现代建筑/);
  // The studio's default model reads English only: its English version is shown too.
  await expect(page.getByRole('textbox', { name: 'English version' })).toHaveValue(
    /^architectural visualization, private villa with garden, modern architecture/,
  );
  await expect(page.getByText('Composed from the tags and word packages')).toBeVisible();
  // The user's own words stay until they choose the new ones.
  await expect(prompt).toHaveValue('湖边 现代 别墅 夜景');

  await improved.press('End');
  await improved.pressSequentially('，秋天的树林');
  const chosen = await improved.inputValue();
  await page.getByRole('button', { name: 'Use', exact: true }).click();
  await expect(prompt).toHaveValue(chosen);
  await expect(page.getByTestId('prompt-helper')).toHaveCount(0);

  await generate(page).click();
  const task = await latestTask(page);
  expect(task.params.prompt).toBe(chosen);
});

test('the help is keyboard-usable and passes axe in the dark theme, in Chinese', async ({ page }) => {
  await installAxe(page);
  await useSettings(page, 'dark', 'zh');
  await studioUser(page);
  await page.goto('/#/design/text-generate');
  const prompt = page.getByTestId('prompt-input');
  await prompt.fill('small brick house by the lake');
  await page.getByRole('button', { name: '优化提示词' }).focus();
  await page.keyboard.press('Enter');
  const improved = page.getByRole('textbox', { name: '优化后的提示词' });
  await expect(improved).toBeFocused();
  await expect(improved).toHaveValue(/^architectural visualization, small brick house by the lake, /);
  expect(await seriousViolations(page)).toEqual([]);

  // Escape puts everything back as it was, and the focus on the button.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('prompt-helper')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '优化提示词' })).toBeFocused();
  await expect(prompt).toHaveValue('small brick house by the lake');
});

test('the open help passes axe in the light theme, in English', async ({ page }) => {
  await installAxe(page);
  await useSettings(page, 'light', 'en');
  await studioUser(page);
  await page.goto('/#/design/text-generate');
  await page.getByTestId('prompt-input').fill('客厅 北欧');
  await page.getByRole('button', { name: 'Improve prompt' }).click();
  await expect(page.getByRole('textbox', { name: 'English version' })).toBeVisible();
  await expect(page.locator('.ant-btn-loading')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});
