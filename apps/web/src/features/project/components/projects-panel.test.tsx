import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { mockApi, renderInApp } from '../../../test/render-app.tsx';
import { useProjectFilters } from '../lib/list-filters.ts';
import { detail, summary } from '../test/project-fixtures.ts';
import { ProjectsPanel } from './projects-panel.tsx';

const own = summary(1, { name: 'Lake pavilion', coverUrl: '/files/cover.webp' });
const shared = summary(2, {
  name: 'Harbour library',
  access: 'editor',
  owner: { id: 'u2', nickname: 'Grace', avatarUrl: null },
  unreadComments: 3,
  viewCount: 1,
  versionCount: 1,
});

/** Picks an option of the open select by its text (only the visible list holds every option). */
async function pick(user: ReturnType<typeof userEvent.setup>, name: string) {
  const option = await waitFor(() => {
    const found = document.querySelector<HTMLElement>(`.ant-select-dropdown .ant-select-item-option[title="${name}"]`);
    if (!found) throw new Error(`no option ${name}`);
    return found;
  });
  await user.click(option);
}

/** The list answers page by page; the query each page was asked with is kept. */
function renderPanel(pages: Record<string, { items: (typeof own)[]; nextCursor: string | null }> = {}) {
  const api = mockApi({
    '/project/list': (_body, url) => ({
      data: pages[url.searchParams.get('cursor') ?? ''] ?? { items: [own, shared], nextCursor: null },
    }),
    '/project/create': (body) => ({ data: detail({ name: (body as { name: string }).name }) }),
  });
  const view = renderInApp(
    <App>
      <ProjectsPanel />
    </App>,
    { path: '/workspace?view=projects' },
  );
  return { api, ...view };
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  useProjectFilters.getState().reset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The query of the latest list request (the fake server records paths and bodies, not queries). */
const lastQuery = () => {
  const urls = vi
    .mocked(fetch)
    .mock.calls.map(([url]) => new URL(String(url), 'http://app.test'))
    .filter((u) => u.pathname.endsWith('/project/list'));
  return Object.fromEntries(urls.at(-1)!.searchParams);
};

describe('the workspace projects', () => {
  it('shows each project as a card: counts, who shared it and their role, unread comments', async () => {
    renderPanel();
    const cards = await screen.findAllByTestId('project-card');
    expect(cards.map((c) => c.dataset.name)).toEqual(['Lake pavilion', 'Harbour library']);
    expect(within(cards[0]!).getByRole('link')).toHaveAttribute('href', `/project/${own.id}`);
    expect(within(cards[0]!).getByText('2 views · 3 versions')).toBeInTheDocument();
    expect(within(cards[0]!).queryByText(/Shared by/)).not.toBeInTheDocument();
    expect(within(cards[1]!).getByText('Shared by Grace')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Editor')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('3 unread comments')).toBeInTheDocument();
    expect(lastQuery()).toEqual({ sort: 'updated', whose: 'all', limit: '24' });
  });

  it('asks the server again as the search, whose, mode, model and sort change', async () => {
    const user = userEvent.setup();
    renderPanel();
    await screen.findAllByTestId('project-card');

    await user.type(screen.getByRole('searchbox', { name: /Search by name/ }), ' timber ');
    await waitFor(() => expect(lastQuery().q).toBe('timber'));

    await user.click(screen.getByText('Shared with me'));
    await waitFor(() => expect(lastQuery().whose).toBe('shared'));

    await user.click(screen.getByRole('combobox', { name: 'Any mode' }));
    await pick(user, 'Upscale');
    await waitFor(() => expect(lastQuery().mode).toBe('upscale'));

    await user.click(screen.getByRole('combobox', { name: 'Any model' }));
    await pick(user, 'FLUX Pro');
    await waitFor(() => expect(lastQuery().model).toBe('flux-pro'));

    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await pick(user, 'Name');
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        q: 'timber',
        whose: 'shared',
        mode: 'upscale',
        model: 'flux-pro',
        sort: 'name',
        limit: '24',
      }),
    );

    // One click clears them all.
    await user.click(screen.getByTestId('project-filters-clear'));
    await waitFor(() => expect(lastQuery()).toEqual({ sort: 'updated', whose: 'all', limit: '24' }));
    expect(screen.getByRole('searchbox', { name: /Search by name/ })).toHaveValue('');
  });

  it('loads the next page, and says when nothing matches', async () => {
    const user = userEvent.setup();
    const next = 'eyJhIjoxfQ';
    renderPanel({
      '': { items: [own], nextCursor: next },
      [next]: { items: [shared], nextCursor: null },
    });
    await screen.findAllByTestId('project-card');
    await user.click(screen.getByTestId('projects-more'));
    await waitFor(() => expect(screen.getAllByTestId('project-card')).toHaveLength(2));
    expect(screen.queryByTestId('projects-more')).not.toBeInTheDocument();

    cleanup();
    useProjectFilters.getState().set({ q: 'nothing' });
    renderPanel({ '': { items: [], nextCursor: null } });
    expect(await screen.findByTestId('projects-empty')).toHaveTextContent('No project matches these filters');
  });

  it('starts a project with suggested views the user can edit', async () => {
    const user = userEvent.setup();
    const { api, router } = renderPanel();
    await user.click(await screen.findByTestId('project-create'));
    // (Ant Design names every dialog by the same id under test, so it is found by its title's text.)
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('New project')).toBeInTheDocument();
    const views = within(dialog).getAllByTestId('project-view-input');
    expect(views.map((v) => (v as HTMLInputElement).value)).toEqual(['Street elevation', 'Living room']);
    await user.clear(views[1]!);
    await user.type(views[1]!, 'Kitchen');
    await user.click(within(dialog).getByTestId('project-view-add'));
    await user.type(within(dialog).getAllByTestId('project-view-input')[2]!, 'Roof terrace');
    await user.type(within(dialog).getByTestId('project-name-input'), 'Hill house');
    await user.click(within(dialog).getByTestId('project-form-ok'));
    await waitFor(() => expect(api.to('/project/create')).toHaveLength(1));
    expect(api.to('/project/create')[0]!.body).toEqual({
      name: 'Hill house',
      note: '',
      views: ['Street elevation', 'Kitchen', 'Roof terrace'],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/project/${detail().id}`));
  });

  it('refuses a project without a name in the form', async () => {
    const user = userEvent.setup();
    const { api } = renderPanel();
    await user.click(await screen.findByTestId('project-create'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByTestId('project-form-ok'));
    expect(await within(dialog).findByText('Please name the project')).toBeInTheDocument();
    expect(api.to('/project/create')).toHaveLength(0);
  });
});
