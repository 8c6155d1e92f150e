import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import en from '../../../locales/en/home.json';
import zh from '../../../locales/zh/home.json';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { PATHS } from '../../../shared/routes/paths.ts';
import { renderInApp } from '../../../test/render-app.tsx';
import { HomePage } from './home-page.tsx';

afterEach(() => cleanup());

describe.each([
  ['en', en],
  ['zh', zh],
] as const)('the homepage in %s', (lang, text) => {
  it('shows the hero, the six features and the three steps in that language', async () => {
    await i18n.changeLanguage(lang);
    renderInApp(<HomePage />, { path: PATHS.root });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(text.hero.title);
    expect(screen.getByText(text.hero.subtitle)).toBeInTheDocument();

    const features = screen.getByRole('heading', { level: 2, name: text.features.title }).nextElementSibling!;
    expect(
      within(features as HTMLElement)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(
      (['text', 'iterate', 'edit', 'workspace', 'community', 'plans'] as const).map((k) => text.features[k].title),
    );
    const steps = screen.getByRole('heading', { level: 2, name: text.steps.title }).nextElementSibling!;
    expect(within(steps as HTMLElement).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('heading', { level: 2, name: text.cta.title })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()}`))).toBeInTheDocument();
  });
});

describe('the homepage buttons', () => {
  it('lead to the design tools and the community', async () => {
    await i18n.changeLanguage('en');
    const user = userEvent.setup();
    const { router } = renderInApp(<HomePage />, { path: PATHS.root });
    await user.click(screen.getByRole('button', { name: 'Start designing' }));
    expect(router.state.location.pathname).toBe(PATHS.design);
    await user.click(screen.getByRole('button', { name: 'Explore the community' }));
    expect(router.state.location.pathname).toBe(PATHS.community);
    await user.click(screen.getByRole('button', { name: 'Try now' }));
    expect(router.state.location.pathname).toBe(PATHS.design);
  });
});
