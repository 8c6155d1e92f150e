import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import en from '../../../locales/en/home.json';
import zh from '../../../locales/zh/home.json';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { PATHS } from '../../../shared/routes/paths.ts';
import { mockApi, renderInApp } from '../../../test/render-app.tsx';
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

const work = (n: number) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  title: `Pavilion ${n}`,
  thumbUrl: `/thumb/${n}.webp`,
  width: 800,
  height: 600,
  likeCount: 100 - n,
  collectCount: 3,
  creator: { id: 'c1', nickname: 'Mei', avatarUrl: null },
  publishedAt: '2026-03-01T10:00:00.000Z',
  liked: false,
  collected: false,
});

describe('the featured community works', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the most liked works as cards that open their detail page', async () => {
    await i18n.changeLanguage('en');
    const api = mockApi({ '/community/work/list': { data: { items: [work(1), work(2)], nextCursor: 'x' } } });
    const user = userEvent.setup();
    const { router } = renderInApp(<HomePage />, { path: PATHS.root });
    const cards = await screen.findAllByTestId('home-featured-work');
    expect(cards.map((c) => c.textContent)).toEqual([
      expect.stringContaining('Pavilion 1'),
      expect.stringContaining('Pavilion 2'),
    ]);
    expect(api.to('/community/work/list')).toHaveLength(1);
    const sent = vi
      .mocked(fetch)
      .mock.calls.map(([u]) => String(u))
      .find((u) => u.includes('/community/work/list'));
    const url = new URL(sent!, 'http://app.test');
    expect(url.searchParams.get('sort')).toBe('likes');
    expect(url.searchParams.get('limit')).toBe('8');
    await user.click(screen.getByRole('link', { name: /Pavilion 2/ }));
    expect(router.state.location.pathname).toBe(`/detail/${work(2).id}`);
  });

  it('lets each card load the small thumbnail its width needs', async () => {
    await i18n.changeLanguage('en');
    const thumbs = [
      { url: '/thumb/1-small.webp', width: 320 },
      { url: '/thumb/1.webp', width: 480 },
    ];
    mockApi({ '/community/work/list': { data: { items: [{ ...work(1), thumbs }, work(2)], nextCursor: null } } });
    renderInApp(<HomePage />, { path: PATHS.root });
    const [first, second] = (await screen.findAllByTestId('home-featured-work')).map((c) => c.querySelector('img')!);
    expect(first!.getAttribute('srcset')).toBe('/thumb/1-small.webp 320w, /thumb/1.webp 480w');
    // Sized by its layout where the browser can, else by the grid's columns: 288 px on a desktop.
    expect(first!.getAttribute('sizes')).toMatch(/^auto, .*\b288px$/);
    expect(first!.getAttribute('src')).toBe('/thumb/1.webp');
    // A server that lists no sizes: the one thumbnail.
    expect(second!.hasAttribute('srcset')).toBe(false);
    expect(second!.getAttribute('src')).toBe('/thumb/2.webp');
  });

  it('leaves the section out while the community has no work', async () => {
    await i18n.changeLanguage('zh');
    mockApi({ '/community/work/list': { data: { items: [], nextCursor: null } } });
    renderInApp(<HomePage />, { path: PATHS.root });
    await screen.findByRole('heading', { level: 2, name: zh.cta.title });
    await waitFor(() => expect(screen.queryByTestId('home-featured')).not.toBeInTheDocument());
  });

  it('says so when the works cannot be loaded', async () => {
    await i18n.changeLanguage('en');
    mockApi({ '/community/work/list': { status: 500, msg: 'Server error' } });
    renderInApp(<HomePage />, { path: PATHS.root });
    expect(await screen.findByText(en.featured.loadFailed)).toBeInTheDocument();
  });
});
