import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import type { Folder, FolderImage } from '@turing/contract';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { mockApi, renderInApp } from '../../../test/render-app.tsx';
import { FolderPanel } from './folder-panel.tsx';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const folder = (n: number, patch: Partial<Folder> = {}): Folder => ({
  id: id(n),
  name: `Folder ${n}`,
  isDefault: false,
  fileCount: 0,
  sizeBytes: 0,
  updatedAt: '2026-03-01T10:00:00.000Z',
  createdAt: '2026-03-01T10:00:00.000Z',
  coverUrl: null,
  ...patch,
});
const image = (n: number, folderId: string): FolderImage => ({
  id: id(100 + n),
  folderId,
  imageId: id(200 + n),
  url: `/files/${n}.png`,
  thumbUrl: `/files/${n}-thumb.png`,
  width: 800,
  height: 600,
  bytes: 300_000,
  createdAt: '2026-03-01T10:00:00.000Z',
  taskId: id(300 + n),
  params: { mode: 'text', prompt: `Pavilion ${n}`, quality: 'HD' },
  seed: null,
  workId: n === 2 ? id(400) : null,
});

const inbox = folder(1, { name: 'Default folder', isDefault: true, fileCount: 2, sizeBytes: 3 * 1024 * 1024 });
const villa = folder(2, { name: 'Villa', fileCount: 1, sizeBytes: 2048 });

function renderPanel(table: Parameters<typeof mockApi>[0] = {}, folderId: string | null = null) {
  const api = mockApi({
    '/workspace/folder/list': { data: { items: [inbox, villa], nextCursor: null } },
    '/workspace/image/list': { data: { items: [image(1, inbox.id), image(2, inbox.id)], nextCursor: null } },
    ...table,
  });
  const onSelect = vi.fn();
  renderInApp(
    <App>
      <FolderPanel folderId={folderId} onSelect={onSelect} />
    </App>,
  );
  return { api, onSelect };
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the workspace folders', () => {
  it('lists the default folder first and marked, with counts and sizes, and shows its images', async () => {
    renderPanel();
    const list = await screen.findByTestId('folder-list');
    const folders = within(list).getAllByTestId('folder');
    expect(folders.map((f) => f.dataset.name)).toEqual(['Default folder', 'Villa']);
    expect(folders[0]).toHaveAttribute('aria-current', 'true');
    expect(within(folders[0]!).getByText('Default')).toBeInTheDocument();
    expect(within(folders[0]!).getByText('2 images · 3 MB')).toBeInTheDocument();
    expect(within(folders[1]!).getByText('1 image · 2 KB')).toBeInTheDocument();

    expect(await screen.findAllByTestId('image-card')).toHaveLength(2);
    // Each card says what it shows: the prompt, not only when it was made.
    expect(screen.getAllByTestId('image-prompt').map((p) => p.textContent)).toEqual(['Pavilion 1', 'Pavilion 2']);
    expect(screen.getAllByTestId('published-badge')).toHaveLength(1);
    expect(screen.getByTestId('published-badge')).toHaveAttribute('href', `/detail/${id(400)}`);
  });

  it('says the folders could not be loaded and retries on request', async () => {
    let fail = true;
    const { api } = renderPanel({
      '/workspace/folder/list': () =>
        fail ? { status: 500, msg: 'boom', code: 'INTERNAL' } : { data: { items: [inbox, villa], nextCursor: null } },
    });
    expect(await screen.findByText('The folders could not be loaded, please try again later')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('folder-list')).toBeInTheDocument();
    expect(api.to('/workspace/folder/list').length).toBeGreaterThanOrEqual(2);
  });

  it('refuses an empty folder name without calling the server', async () => {
    const { api } = renderPanel();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('folder-create'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByTestId('folder-name-input'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The folder name must not be empty')).toBeInTheDocument();
    expect(api.to('/workspace/folder/create')).toHaveLength(0);
  });

  it('asks what happens to the images of a deleted folder and sends the choice', async () => {
    const { api } = renderPanel({ '/workspace/folder/delete': { data: { moved: 0, deleted: 1 } } });
    const user = userEvent.setup();
    await screen.findByTestId('folder-list');
    await user.click(screen.getByRole('button', { name: 'Actions for the folder Villa' }));
    await user.click(await screen.findByRole('menuitem', { name: /Delete/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('It holds 1 image. What should happen to it?')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Move them to “Default folder”' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Delete them with the folder' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete folder' }));
    await waitFor(() => expect(api.to('/workspace/folder/delete')).toHaveLength(1));
    expect(api.to('/workspace/folder/delete')[0]!.body).toEqual({ id: villa.id, images: 'delete' });
  });

  it('moves the selected images to the folder picked', async () => {
    const { api } = renderPanel({ '/workspace/image/move': { data: { count: 2 } } });
    const user = userEvent.setup();
    await screen.findAllByTestId('image-card');
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByTestId('batch-move'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: /Villa/ })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Move here' }));
    await waitFor(() => expect(api.to('/workspace/image/move')).toHaveLength(1));
    expect(api.to('/workspace/image/move')[0]!.body).toEqual({ ids: [id(101), id(102)], folderId: villa.id });
  });
});

describe('the folder list a page at a time', () => {
  // 120 folders after the default one, newest (the highest number) first, served 50 a page.
  const many = Array.from({ length: 120 }, (_, i) => folder(1000 - i, { name: `Project ${1000 - i}` }));
  const all = [inbox, ...many];
  const paged = (_body: unknown, url: URL) => {
    const limit = Number(url.searchParams.get('limit'));
    const from = Number(url.searchParams.get('cursor')?.slice(1) ?? 0);
    const items = all.slice(from, from + limit);
    return { data: { items, nextCursor: from + limit < all.length ? `c${from + limit}` : null } };
  };

  /** Scrolling: the end of the list comes into view whenever it is watched. */
  function scrolledToEnd() {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        callback: (entries: { isIntersecting: boolean }[]) => void;
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          this.callback = callback;
        }
        observe() {
          this.callback([{ isIntersecting: true }]);
        }
        disconnect() {}
      },
    );
  }

  it('loads the next pages as the end of the list scrolls into view, each folder once', async () => {
    scrolledToEnd();
    const { api } = renderPanel({ '/workspace/folder/list': paged });
    const list = await screen.findByTestId('folder-list');
    await waitFor(() => expect(within(list).getAllByTestId('folder')).toHaveLength(all.length));
    expect(
      within(list)
        .getAllByTestId('folder')
        .map((f) => f.dataset.name),
    ).toEqual(all.map((f) => f.name));
    const asked = api.to('/workspace/folder/list');
    expect(asked).toHaveLength(3);
    expect(screen.queryByTestId('folders-more')).not.toBeInTheDocument();
  });

  it('loads a page at a time on request when the list cannot watch its end', async () => {
    const { api } = renderPanel({ '/workspace/folder/list': paged });
    const list = await screen.findByTestId('folder-list');
    expect(within(list).getAllByTestId('folder')).toHaveLength(50);
    await userEvent.click(screen.getByTestId('folders-more'));
    await waitFor(() => expect(within(list).getAllByTestId('folder')).toHaveLength(100));
    expect(api.to('/workspace/folder/list')).toHaveLength(2);
  });

  it('shows a folder the address names before its page is loaded', async () => {
    const old = many.at(-1)!;
    const { api } = renderPanel({ '/workspace/folder/list': paged, '/workspace/folder/get': { data: old } }, old.id);
    expect(await screen.findByTestId('folder-title')).toHaveTextContent(old.name);
    expect(api.to('/workspace/folder/get')).toHaveLength(1);
  });

  it('lets the move picker load more folders', async () => {
    renderPanel({ '/workspace/folder/list': paged });
    const user = userEvent.setup();
    await screen.findAllByTestId('image-card');
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    await user.click(screen.getByTestId('batch-move'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByRole('radio')).toHaveLength(49);
    await user.click(within(dialog).getByTestId('picker-more'));
    await waitFor(() => expect(within(dialog).getAllByRole('radio')).toHaveLength(99));
  });
});
