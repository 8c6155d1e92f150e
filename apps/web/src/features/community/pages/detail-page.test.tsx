import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { UserProfile, WorkDetail } from '@turing/contract';
import en from '../../../locales/en/community.json';
import zh from '../../../locales/zh/community.json';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { useLoginStore } from '../../../shared/session/login-store.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { mockApi, renderInApp } from '../../../test/render-app.tsx';
import { DetailPage } from './detail-page.tsx';

const ID = '00000000-0000-4000-8000-000000000001';
const CREATOR = '00000000-0000-4000-8000-0000000000c0';

const work = (over: Partial<WorkDetail> = {}): WorkDetail => ({
  id: ID,
  title: 'Birch pavilion',
  thumbUrl: '/t/1.webp',
  url: '/f/1.png',
  width: 800,
  height: 600,
  likeCount: 4,
  collectCount: 1,
  shareCount: 0,
  creator: { id: CREATOR, nickname: 'Mei Lin', avatarUrl: null, followedByMe: false, followers: 2 },
  publishedAt: '2026-02-01T08:00:00.000Z',
  liked: false,
  collected: false,
  description: 'Timber and light',
  baseImage: null,
  tags: [{ slug: 'modern', category: 'style', label: { en: 'Modern', zh: '现代' } }],
  hideParams: false,
  prompt: 'A timber pavilion',
  settings: { mode: 'text', size: '4:3' },
  basedOn: null,
  derivedCount: 0,
  mine: false,
  state: 'published',
  ...over,
});

const empty = { data: { items: [], nextCursor: null } };

const show = (path = `/detail/${ID}`) =>
  renderInApp(
    <Routes>
      <Route path="/detail/:id" element={<DetailPage />} />
      <Route path="/login" element={<p>Login page</p>} />
      <Route path="/design/text-generate" element={<p>Text studio</p>} />
    </Routes>,
    { path },
  );

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['community']);
  useLoginStore.getState().setProfile({ id: 'me', nickname: 'Bo', avatarUrl: null } as UserProfile);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useLoginStore.getState().reset();
});

describe('the detail page', () => {
  it.each([
    ['en', en, 'Modern'],
    ['zh', zh, '现代'],
  ] as const)('shows the work, its tags and the compare slider in %s', async (lang, text, tag) => {
    await i18n.changeLanguage(lang);
    mockApi({
      '/community/work/detail': { data: work({ baseImage: { url: '/f/0.png', thumbUrl: '/t/0.webp' } }) },
      '/community/work/derived': empty,
    });
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Birch pavilion' })).toBeInTheDocument();
    expect(screen.getByText(tag)).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: text.detail.compare })).toHaveValue('50');
    expect(screen.getByRole('link', { name: /Mei Lin/ })).toHaveAttribute('href', `/own?userId=${CREATOR}`);
  });

  it.each([
    ['text', ['Text weight'], ['Image weight', 'Control strength']],
    ['iterate', ['Image weight', 'Text weight', 'Control strength'], []],
  ] as const)('lists only the weights that steered a task in %s mode', async (mode, shown, absent) => {
    const settings = { mode, size: '4:3', imageWeight: 0.5, textWeight: 0.7, controlStrength: 0.6 };
    mockApi({ '/community/work/detail': { data: work({ settings }) }, '/community/work/derived': empty });
    show();
    expect(await screen.findByText('Parameters')).toBeInTheDocument();
    for (const label of shown) expect(screen.getByText(label)).toBeInTheDocument();
    for (const label of absent) expect(screen.queryByText(label)).not.toBeInTheDocument();
  });

  it('likes at once, then takes the server’s counts', async () => {
    let answer: (v: unknown) => void = () => {};
    const pending = new Promise((resolve) => (answer = resolve));
    mockApi({ '/community/work/detail': { data: work() }, '/community/work/derived': empty });
    const fetch = globalThis.fetch as ReturnType<typeof vi.fn>;
    const original = fetch.getMockImplementation() as (url: string, init?: RequestInit) => Promise<Response>;
    fetch.mockImplementation(async (url: string, init?: RequestInit) => {
      if (String(url).includes('/community/work/like')) {
        await pending;
        return new Response(
          JSON.stringify({ status: 200, msg: 'ok', data: { active: true, likeCount: 9, collectCount: 1 } }),
        );
      }
      return original(url, init);
    });
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByTestId('like-button'));
    expect(screen.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('like-count')).toHaveTextContent('5');
    answer(null);
    await waitFor(() => expect(screen.getByTestId('like-count')).toHaveTextContent('9'));
  });

  it.each([
    [503, 'UNAVAILABLE', en.failure.like.retry],
    [410, 'WORK_HIDDEN', `${en.failure.like.contact} (Hidden)`],
  ])('puts a failed like (%s) back and says what to do', async (status, code, message) => {
    const error = vi.spyOn(toast, 'error');
    mockApi({
      '/community/work/detail': { data: work() },
      '/community/work/derived': empty,
      '/community/work/like': { status, code, msg: 'Hidden' },
    });
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByTestId('like-button'));
    await waitFor(() => expect(error).toHaveBeenCalledWith(message));
    expect(screen.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('like-count')).toHaveTextContent('4');
  });

  it('shows the link to copy by hand when the browser cannot copy', async () => {
    mockApi({
      '/community/work/detail': { data: work() },
      '/community/work/derived': empty,
      '/community/work/share': { data: { url: `https://turing.example/#/detail/${ID}`, shareCount: 1 } },
    });
    const user = userEvent.setup();
    // user-event brings a clipboard of its own: this browser refuses to write.
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    show();
    await user.click(await screen.findByTestId('share-button'));
    expect(await screen.findByText(en.actions.copyUnsupported)).toBeInTheDocument();
    expect(screen.getByTestId('share-link')).toHaveValue(`https://turing.example/#/detail/${ID}`);
    expect(screen.getByTestId('share-count')).toHaveTextContent('1');
  });

  it('opens the studio with the parameters and copied images, or disables the copy when they are hidden', async () => {
    const base = { id: 'copy-1', kind: 'base', url: '/files/b.png', thumbUrl: null, width: 90, height: 60, bytes: 9 };
    const api = mockApi({
      '/community/work/detail': { data: work() },
      '/community/work/derived': empty,
      '/community/work/copy': {
        data: { params: { mode: 'text', prompt: 'A timber pavilion' }, basedOnId: ID, images: { base } },
      },
    });
    const user = userEvent.setup();
    const { router } = show();
    await user.click(await screen.findByTestId('copy-params'));
    expect(await screen.findByText('Text studio')).toBeInTheDocument();
    expect(api.to('/community/work/copy')).toHaveLength(1);
    expect(router.state.location.state).toEqual({
      params: { mode: 'text', prompt: 'A timber pavilion', basedOnId: ID },
      images: { base: { id: 'copy-1', url: '/files/b.png', width: 90, height: 60 } },
    });
    cleanup();

    mockApi({ '/community/work/detail': { data: work({ hideParams: true }) }, '/community/work/derived': empty });
    show();
    expect(await screen.findByTestId('copy-params')).toBeDisabled();
  });

  it('sends a visitor to log in before liking', async () => {
    useLoginStore.getState().reset();
    const api = mockApi({ '/community/work/detail': { data: work() }, '/community/work/derived': empty });
    const user = userEvent.setup();
    const { router } = show();
    await user.click(await screen.findByTestId('like-button'));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent(`/detail/${ID}`)}`);
    expect(api.to('/community/work/like')).toHaveLength(0);
  });

  it('says when the administrator hid the work, and when it does not exist', async () => {
    mockApi({ '/community/work/detail': { status: 410, code: 'WORK_HIDDEN', msg: 'Hidden' } });
    show();
    expect(await screen.findByText(en.detail.hiddenTitle)).toBeInTheDocument();
    cleanup();
    const api = mockApi();
    show('/detail/42');
    expect(await screen.findByText(en.detail.notFoundTitle)).toBeInTheDocument();
    expect(api.to('/community/work/detail')).toHaveLength(0);
  });

  it('offers its owner no edit while the administrator keeps the work hidden', async () => {
    mockApi({ '/community/work/detail': { data: work({ mine: true }) }, '/community/work/derived': empty });
    show();
    expect(await screen.findByTestId('edit-work')).toBeInTheDocument();
    cleanup();
    mockApi({
      '/community/work/detail': { data: work({ mine: true, state: 'hidden' }) },
      '/community/work/derived': empty,
    });
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Birch pavilion' })).toBeInTheDocument();
    expect(screen.queryByTestId('edit-work')).not.toBeInTheDocument();
    expect(screen.queryByTestId('unpublish-work')).not.toBeInTheDocument();
  });
});
