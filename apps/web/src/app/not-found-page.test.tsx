import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import en from '../locales/en/common.json';
import zh from '../locales/zh/common.json';
import { i18n } from '../shared/i18n/i18n.ts';
import { mockApi, renderInApp } from '../test/render-app.tsx';
import { NotFoundPage } from './not-found-page.tsx';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the 404 page', () => {
  it.each([
    ['en', en],
    ['zh', zh],
  ] as const)('says what happened and where to go instead, in %s', async (lang, text) => {
    await i18n.changeLanguage(lang);
    mockApi();
    renderInApp(<NotFoundPage />, { path: '/no/such/page' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`404 ${text.notFound.heading}`);
    expect(screen.getByText(text.notFound.subtitle)).toBeVisible();
    expect(screen.getByText(text.notFound.hint)).toBeVisible();
    expect(screen.getByRole('link', { name: text.notFound.studio })).toHaveAttribute('href', '/design');
    expect(screen.getByRole('link', { name: text.notFound.community })).toHaveAttribute('href', '/community');
    expect(screen.getByRole('button', { name: text.notFound.back })).toBeVisible();
  });

  it('goes home from its main action, and the drawing stays out of the reading order', async () => {
    mockApi();
    const user = userEvent.setup();
    const { router, container } = renderInApp(<NotFoundPage />, { path: '/no/such/page' });
    expect(container.querySelector('svg.not-found__plan')).toHaveAttribute('aria-hidden', 'true');
    await user.click(screen.getByRole('button', { name: en.notFound.back }));
    expect(router.state.location.pathname).toBe('/home');
  });
});
