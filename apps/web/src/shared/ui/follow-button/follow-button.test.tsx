import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery, type InfiniteData } from '@tanstack/react-query';
import type { FollowEntry, Page, UserProfile } from '@turing/contract';
import en from '../../../locales/en/common.json';
import { mockApi, renderInApp, type ApiAnswer } from '../../../test/render-app.tsx';
import { i18n } from '../../i18n/i18n.ts';
import { useLoginStore } from '../../session/login-store.ts';
import { toast } from '../toast.ts';
import { FollowButton } from './follow-button.tsx';

const MEI = '00000000-0000-4000-8000-00000000000a';
const OTHER = '00000000-0000-4000-8000-00000000000c';
const DETAIL = ['community', 'detail', 'w1'];
const LIST = ['own', 'following', 'someone'];

const row = (id: string, nickname: string, followers: number): FollowEntry => ({
  id,
  nickname,
  avatarUrl: null,
  signature: '',
  followers,
  followedByMe: false,
});

/** A work's creator, as a detail page shows it: the button and the follower count. */
function Creator({ following = false, followers = 2 }) {
  const { data } = useQuery({
    queryKey: DETAIL,
    queryFn: () => ({ id: 'w1', creator: { id: MEI, nickname: 'Mei Lin', followedByMe: following, followers } }),
    staleTime: Infinity,
  });
  if (!data) return null;
  return (
    <>
      <FollowButton userId={MEI} nickname="Mei Lin" following={data.creator.followedByMe} />
      <span data-testid="followers">{data.creator.followers}</span>
    </>
  );
}

/** Renders the creator with a follow list cached beside it, as after visiting another page. */
async function renderCreator({ path, ...props }: { following?: boolean; followers?: number; path?: string } = {}) {
  const view = renderInApp(<Creator {...props} />, { path });
  const list: InfiniteData<Page<FollowEntry>> = {
    pages: [{ items: [row(OTHER, 'Bo', 4), row(MEI, 'Mei Lin', props.followers ?? 2)], nextCursor: null }],
    pageParams: [undefined],
  };
  view.queryClient.setQueryData(LIST, list);
  await screen.findByTestId('followers');
  const listed = () => view.queryClient.getQueryData<typeof list>(LIST)!.pages[0]!.items;
  return { ...view, list, listed };
}

/** Holds every API answer until `release` is called. */
function holdAnswers() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const answer = globalThis.fetch;
  vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
    await gate;
    return answer(...args);
  });
  return release;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  useLoginStore.getState().setProfile({ id: 'me', nickname: 'Ann', avatarUrl: null } as UserProfile);
});
afterEach(() => {
  cleanup();
  useLoginStore.getState().reset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the follow button', () => {
  it('flips every cached view of the user at once, then shows the server’s count', async () => {
    const api = mockApi({ '/user/subscribe': { data: { following: true, followers: 7 } } });
    const release = holdAnswers();
    const user = userEvent.setup();
    const { list, listed } = await renderCreator();

    await user.click(screen.getByRole('button', { name: 'Follow Mei Lin' }));
    expect(await screen.findByRole('button', { name: 'Following Mei Lin' })).toBeInTheDocument();
    expect(screen.getByTestId('followers')).toHaveTextContent('3');
    expect(listed()[1]).toMatchObject({ followedByMe: true, followers: 3 });
    // Another user's row is left as it was, the same object.
    expect(listed()[0]).toBe(list.pages[0]!.items[0]);

    release();
    await waitFor(() => expect(screen.getByTestId('followers')).toHaveTextContent('7'));
    expect(listed()[1]).toMatchObject({ followedByMe: true, followers: 7 });
    expect(api.to('/user/subscribe')).toHaveLength(1);
  });

  it('unfollows a followed user', async () => {
    const api = mockApi({ '/user/unsubscribe': { data: { following: false, followers: 4 } } });
    const user = userEvent.setup();
    await renderCreator({ following: true, followers: 5 });
    const button = screen.getByRole('button', { name: 'Following Mei Lin' });
    expect(button).toHaveAttribute('title', en.follow.unfollowHint);

    await user.click(button);
    expect(await screen.findByRole('button', { name: 'Follow Mei Lin' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('followers')).toHaveTextContent('4'));
    expect(api.to('/user/unsubscribe')).toHaveLength(1);
  });

  it.each<[string, ApiAnswer, string | null]>([
    ['a busy server', { status: 503, msg: 'Busy', code: 'UNAVAILABLE' }, en.follow.failed.follow.retry],
    ['a server fault', { status: 500, msg: 'Oops', code: 'INTERNAL' }, en.follow.failed.follow.contact],
    [
      'a refusal with its own reason',
      { status: 400, msg: 'You cannot follow yourself', code: 'FOLLOW_SELF' },
      'You cannot follow yourself',
    ],
    ['an expired session (already announced)', { status: 202, msg: 'Please log in again' }, null],
  ])('puts every view back after %s and says what went wrong', async (_case, answer, message) => {
    const error = vi.spyOn(toast, 'error');
    mockApi({ '/user/subscribe': answer });
    const user = userEvent.setup();
    const { listed } = await renderCreator();

    await user.click(screen.getByRole('button', { name: 'Follow Mei Lin' }));
    expect(await screen.findByRole('button', { name: 'Follow Mei Lin' })).toBeInTheDocument();
    await waitFor(() => expect(listed()[1]).toMatchObject({ followedByMe: false, followers: 2 }));
    expect(screen.getByTestId('followers')).toHaveTextContent('2');
    if (message) await waitFor(() => expect(error).toHaveBeenCalledWith(message));
    else expect(error).not.toHaveBeenCalled();
  });

  it('sends a visitor to log in first and back here', async () => {
    useLoginStore.getState().reset();
    const api = mockApi();
    const user = userEvent.setup();
    const { router } = await renderCreator({ path: '/community?tab=follow' });

    await user.click(screen.getByRole('button', { name: 'Follow Mei Lin' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/community?tab=follow');
    expect(api.to('/user/subscribe')).toHaveLength(0);
  });
});
