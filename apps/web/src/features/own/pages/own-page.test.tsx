import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Achievement, UserHome, UserProfile, WorkCard } from '@turing/contract';
import enCommon from '../../../locales/en/common.json';
import en from '../../../locales/en/own.json';
import zh from '../../../locales/zh/own.json';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { useLoginStore } from '../../../shared/session/login-store.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { mockApi, renderInApp } from '../../../test/render-app.tsx';
import { OwnPage } from './own-page.tsx';

const A = '00000000-0000-4000-8000-00000000000a';
const ME = '00000000-0000-4000-8000-0000000000b0';

const home = (over: Partial<UserHome> = {}): UserHome => ({
  id: A,
  nickname: 'Mei Lin',
  avatarUrl: null,
  signature: 'Timber and light',
  occupation: 'architect',
  followers: 0,
  following: 2,
  works: 1,
  likesReceived: 5,
  collectsReceived: 1,
  followedByMe: false,
  isSelf: false,
  joinedAt: '2026-01-15T08:00:00.000Z',
  ...over,
});

const work = (n: number, title = `Pavilion ${n}`): WorkCard => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  title,
  thumbUrl: `/t/${n}.webp`,
  width: 800,
  height: 600,
  likeCount: 5,
  collectCount: 1,
  creator: { id: A, nickname: 'Mei Lin', avatarUrl: null },
  publishedAt: '2026-02-01T08:00:00.000Z',
  liked: false,
  collected: false,
});

const achievements: Achievement[] = [
  { code: 'first_publication', unlocked: true, unlockedAt: '2026-02-01T08:00:00.000Z', progress: 1, goal: 1 },
  { code: 'likes_10', unlocked: false, unlockedAt: null, progress: 5, goal: 10 },
];

const page = <T,>(items: T[]) => ({ data: { items, nextCursor: null } });

function logIn() {
  useLoginStore.getState().setProfile({ id: ME, nickname: 'Bo', avatarUrl: null } as UserProfile);
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  useLoginStore.getState().reset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the user home page', () => {
  it('asks a visitor without a user id to log in or go to the community', async () => {
    const api = mockApi();
    renderInApp(<OwnPage />, { path: '/own' });
    expect(screen.getByText(en.loginPrompt.title)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.loginPrompt.community })).toBeInTheDocument();
    expect(api.to('/user/home')).toHaveLength(0);
  });

  it.each([
    ['en', en, 'Architect'],
    ['zh', zh, '建筑师'],
  ] as const)('shows another user’s header and works to a visitor in %s', async (lang, text, occupation) => {
    await i18n.changeLanguage(lang);
    mockApi({ '/user/home': { data: home() }, '/community/work/list': page([work(1, 'Birch pavilion')]) });
    renderInApp(<OwnPage />, { path: `/own?userId=${A}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mei Lin' })).toBeInTheDocument();
    expect(screen.getByText('Timber and light')).toBeInTheDocument();
    expect(screen.getByText(occupation)).toBeInTheDocument();
    expect(screen.getByTestId('own-stat-likesReceived')).toHaveTextContent(`5${text.stats.likesReceived}`);
    const card = await screen.findByRole('link', { name: 'Birch pavilion' });
    expect(card).toHaveAttribute('href', `/detail/${work(1).id}`);
    expect(screen.queryByRole('button', { name: text.editProfile })).not.toBeInTheDocument();
  });

  it('says so when the user does not exist', async () => {
    mockApi({ '/user/home': { status: 404, msg: 'No account matches this user', code: 'USER_NOT_FOUND' } });
    renderInApp(<OwnPage />, { path: `/own?userId=${A}` });
    expect(await screen.findByText(en.notFound.title)).toBeInTheDocument();
  });

  it('offers the owner to edit the profile instead of following', async () => {
    logIn();
    mockApi({
      '/user/home': { data: home({ id: ME, isSelf: true }) },
      '/community/work/list': page([]),
    });
    const user = userEvent.setup();
    const { router } = renderInApp(<OwnPage />, { path: '/own' });
    await user.click(await screen.findByRole('button', { name: /Edit profile/ }));
    expect(router.state.location.pathname).toBe('/user/profile');
  });

  it('follows the user and counts the new follower', async () => {
    logIn();
    const api = mockApi({
      '/user/home': { data: home() },
      '/community/work/list': page([]),
      '/user/subscribe': { data: { following: true, followers: 1 } },
    });
    const user = userEvent.setup();
    renderInApp(<OwnPage />, { path: `/own?userId=${A}` });
    await user.click(await screen.findByRole('button', { name: 'Follow Mei Lin' }));
    expect(await screen.findByRole('button', { name: 'Following Mei Lin' })).toBeInTheDocument();
    expect(screen.getByTestId('own-stat-followers')).toHaveAttribute('data-value', '1');
    expect(api.to('/user/subscribe')).toHaveLength(1);
  });

  it.each([
    [503, 'UNAVAILABLE', enCommon.follow.failed.follow.retry],
    [500, 'INTERNAL', enCommon.follow.failed.follow.contact],
  ])('names a failed follow (%s) with the matching advice', async (status, code, message) => {
    logIn();
    const error = vi.spyOn(toast, 'error');
    mockApi({
      '/user/home': { data: home() },
      '/community/work/list': page([]),
      '/user/subscribe': { status, msg: 'x', code },
    });
    const user = userEvent.setup();
    renderInApp(<OwnPage />, { path: `/own?userId=${A}` });
    await user.click(await screen.findByRole('button', { name: 'Follow Mei Lin' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(message));
    expect(screen.getByRole('button', { name: 'Follow Mei Lin' })).toBeInTheDocument();
  });

  it('sends a visitor who wants to follow through login and back', async () => {
    mockApi({ '/user/home': { data: home() }, '/community/work/list': page([]) });
    const user = userEvent.setup();
    const { router } = renderInApp(<OwnPage />, { path: `/own?userId=${A}` });
    await user.click(await screen.findByRole('button', { name: 'Follow Mei Lin' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(`/own?userId=${A}`);
  });

  it('opens the collection from the address and keeps the tab in the address', async () => {
    const api = mockApi({
      '/user/home': { data: home() },
      '/community/work/collected': page([work(7, 'Collected loft')]),
      '/community/work/list': page([work(1)]),
      '/user/achievement': { data: achievements },
    });
    const user = userEvent.setup();
    const { router } = renderInApp(<OwnPage />, { path: `/own?userId=${A}&selectedCollection=true` });
    expect(await screen.findByRole('link', { name: 'Collected loft' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: en.tabs.collection })).toHaveAttribute('aria-selected', 'true');
    expect(api.to('/community/work/list')).toHaveLength(0);

    await user.click(screen.getByRole('tab', { name: en.tabs.achievements }));
    expect(router.state.location.search).toBe(`?userId=${A}&tab=achievements`);
    const unlocked = await screen.findByTestId('achievement-first_publication');
    expect(unlocked).toHaveAttribute('data-unlocked', 'true');
    expect(within(unlocked).getByText(/Unlocked on/)).toBeInTheDocument();
    const locked = screen.getByTestId('achievement-likes_10');
    expect(within(locked).getByText('5 / 10')).toBeInTheDocument();
    expect(within(locked).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');

    await user.click(screen.getByRole('tab', { name: en.tabs.works }));
    expect(router.state.location.search).toBe(`?userId=${A}`);
  });

  it.each([
    ['en', en],
    ['zh', zh],
  ] as const)('shows the owner the works they liked, with their creators, in %s', async (lang, text) => {
    await i18n.changeLanguage(lang);
    logIn();
    const liked = {
      ...work(9, 'Liked courtyard'),
      liked: true,
      creator: { id: A, nickname: 'Mei Lin', avatarUrl: null },
    };
    const api = mockApi({
      '/user/home': { data: home({ id: ME, isSelf: true }) },
      '/community/work/list': page([]),
      // The second page is what the first one's cursor asks for.
      '/community/work/liked': (_body, url) =>
        url.searchParams.get('cursor') === 'next'
          ? page([work(10, 'Liked stair')])
          : { data: { items: [liked], nextCursor: 'next' } },
    });
    const user = userEvent.setup();
    const { router } = renderInApp(<OwnPage />, { path: '/own' });
    await user.click(await screen.findByRole('tab', { name: text.tabs.likes }));
    expect(router.state.location.search).toBe('?tab=likes');
    const grid = await screen.findByTestId('own-likes');
    expect(within(grid).getByRole('link', { name: 'Liked courtyard' })).toHaveAttribute('href', `/detail/${liked.id}`);
    expect(within(grid).getByText('Mei Lin')).toBeInTheDocument();
    expect(screen.getByText(text.likes.private)).toBeInTheDocument();

    // Paged like the other tabs: the next page asks with the cursor the first one gave.
    await user.click(screen.getByRole('button', { name: text.loadMore }));
    expect(await within(grid).findByRole('link', { name: 'Liked stair' })).toBeInTheDocument();
    expect(api.to('/community/work/liked')).toHaveLength(2);
  });

  it('says where likes come from while the owner has none', async () => {
    logIn();
    mockApi({
      '/user/home': { data: home({ id: ME, isSelf: true }) },
      '/community/work/liked': page([]),
    });
    renderInApp(<OwnPage />, { path: '/own?tab=likes' });
    expect(await screen.findByText(en.likes.empty)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: en.tabs.likes })).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps likes private: another user’s page has no likes tab, and its address opens the works', async () => {
    logIn();
    const api = mockApi({ '/user/home': { data: home() }, '/community/work/list': page([work(1, 'Public work')]) });
    renderInApp(<OwnPage />, { path: `/own?userId=${A}&tab=likes` });
    expect(await screen.findByRole('link', { name: 'Public work' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: en.tabs.likes })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: en.tabs.works })).toHaveAttribute('aria-selected', 'true');
    expect(api.to('/community/work/liked')).toHaveLength(0);
  });

  it('lists the followers in a drawer from the header', async () => {
    logIn();
    mockApi({
      '/user/home': { data: home({ followers: 1 }) },
      '/community/work/list': page([]),
      '/user/followers': page([
        { id: ME, nickname: 'Bo', avatarUrl: null, signature: '', followers: 0, followedByMe: false },
      ]),
    });
    const user = userEvent.setup();
    renderInApp(<OwnPage />, { path: `/own?userId=${A}` });
    await user.click(await screen.findByRole('button', { name: /Followers/ }));
    const list = await screen.findByTestId('own-followers');
    expect(within(list).getByText('Bo')).toBeInTheDocument();
    // The viewer's own row has no follow button.
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
  });
});
