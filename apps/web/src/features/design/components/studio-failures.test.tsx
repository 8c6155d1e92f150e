import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { failingFirst, renderStudio, serveStudio } from '../../../test/render-studio.tsx';
import { makeResult, makeTask } from '../../../test/task-fixtures.ts';

const tags = {
  data: {
    style: [{ slug: 'brutalist', category: 'style', label: { en: 'Brutalist', zh: '粗野主义' } }],
    material: [],
    function: [],
  },
};
const packages = {
  data: {
    recommended: [
      {
        id: '00000000-0000-4000-8000-0000000000a1',
        name: 'Golden hour',
        positive: 'warm',
        negative: '',
        recommended: true,
      },
    ],
    own: [],
  },
};
const historyTask = (n: number) =>
  makeTask({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    state: 'complete',
    results: [makeResult(n)],
    createdAt: `2026-03-0${n}T10:00:00.000Z`,
  });

/** The alert that says a part of the page could not be loaded, found by its message. */
const failure = async (message: string) => (await screen.findByText(message)).closest<HTMLElement>('.ant-alert')!;

// Every test mounts the whole studio: give a busy machine time.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => localStorage.clear());
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('the studio when a part of it cannot be loaded', () => {
  it('says the tags could not be loaded and loads them on Retry', async () => {
    const api = serveStudio({ '/design/tags': failingFirst(tags) });
    renderStudio('text');
    const alert = await failure('The tags could not be loaded');
    expect(screen.queryByText('Brutalist')).not.toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Brutalist')).toBeInTheDocument();
    expect(screen.queryByText('The tags could not be loaded')).not.toBeInTheDocument();
    expect(api.to('/design/tags')).toHaveLength(2);
  });

  it('says the word packages could not be loaded and loads them on Retry', async () => {
    const api = serveStudio({ '/design/wordPackage/list': failingFirst(packages) });
    renderStudio('text');
    const alert = await failure('The word packages could not be loaded');
    // The rest of the panel still works.
    expect(await screen.findByText('modern')).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Golden hour')).toBeInTheDocument();
    expect(screen.queryByText('The word packages could not be loaded')).not.toBeInTheDocument();
    expect(api.to('/design/wordPackage/list')).toHaveLength(2);
  });

  it('says the history could not be loaded and loads it on Retry', async () => {
    serveStudio({ '/design/task/list': failingFirst({ data: { items: [historyTask(1)], nextCursor: null } }) });
    renderStudio('iterate');
    const alert = await failure('The history could not be loaded');
    expect(screen.queryByTestId('history')).not.toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('history')).toBeInTheDocument();
    expect(within(screen.getByTestId('history')).getAllByRole('button')).toHaveLength(1);
  });

  it('keeps the history shown when a further page fails, and Load more tries again', async () => {
    let call = 0;
    serveStudio({
      '/design/task/list': () => {
        call += 1;
        if (call === 1) return { data: { items: [historyTask(2)], nextCursor: 'next' } };
        if (call === 2) return { status: 500, msg: 'Server error', data: null };
        return { data: { items: [historyTask(1)], nextCursor: null } };
      },
    });
    renderStudio('text');
    const more = await screen.findByRole('button', { name: 'Load more' });
    await userEvent.click(more);
    expect(await screen.findByText('The history could not be loaded')).toBeInTheDocument();
    const tiles = () => within(screen.getByTestId('history')).getAllByRole('button', { name: /^Result/ });
    expect(tiles()).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(tiles()).toHaveLength(2));
    expect(screen.queryByText('The history could not be loaded')).not.toBeInTheDocument();
  });

  it('gives every failure in Chinese too, each with its retry', async () => {
    await i18n.changeLanguage('zh');
    const down = { status: 500, msg: '服务器错误', data: null };
    serveStudio({ '/design/tags': down, '/design/wordPackage/list': down, '/design/task/list': down });
    renderStudio('text');
    for (const message of ['标签加载失败', '词包加载失败', '历史记录加载失败']) {
      const alert = await failure(message);
      // Ant Design spaces out a two-character Chinese button label.
      expect(within(alert).getByRole('button', { name: /^重\s?试$/ })).toBeInTheDocument();
    }
  });
});

describe('the studio when the server refuses a task', () => {
  it('says no generation server is available, charges nothing and keeps the prompt for another try', async () => {
    const error = vi.spyOn(toast, 'error');
    const msg = 'No generation server is available right now, nothing was charged; please try again in a few minutes';
    const api = serveStudio({ '/design/task/submit': { status: 503, code: 'ENGINE_UNAVAILABLE', msg, data: null } });
    renderStudio('text');
    await screen.findByText('modern');
    fireEvent.change(screen.getByTestId('prompt-input'), { target: { value: 'A glass villa' } });
    await userEvent.click(screen.getByTestId('generate'));
    await waitFor(() => expect(error).toHaveBeenCalledWith(msg));
    expect(api.to('/design/task/submit')).toHaveLength(1);
    // Not mistaken for a balance problem, and no tile for a task that does not exist.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByTestId('result-card')).not.toBeInTheDocument();
    expect(screen.getByTestId('prompt-input')).toHaveValue('A glass villa');
    error.mockRestore();
  });

  it('says why an upscale would be too large, in the server’s words with its sizes', async () => {
    const error = vi.spyOn(toast, 'error');
    const msg =
      'The upscaled image would be 6144 × 4608 px, more than the 4096 px a side this server can make; choose a smaller factor or image';
    const api = serveStudio({
      '/design/task/list': { data: { items: [historyTask(1)], nextCursor: null } },
      '/design/task/submit': { status: 400, code: 'UPSCALE_TOO_LARGE', msg, data: null },
    });
    renderStudio('text');
    await userEvent.click(within(await screen.findByTestId('history')).getByRole('button', { name: 'Result 1 of 1' }));
    await userEvent.click(await screen.findByRole('button', { name: /^Upscale 4×/ }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(msg));
    expect(api.to('/design/task/submit')[0]!.body).toMatchObject({ mode: 'upscale', upscale: 4 });
    // No tile for a task that does not exist: the strip still holds the one task it had.
    expect(screen.getAllByTestId('result-card')).toHaveLength(1);
    error.mockRestore();
  });

  it('knows both messages in both languages, with the sizes filled in', async () => {
    const sizes = { width: 6144, height: 4608, max: 4096 };
    expect(i18n.t('errors:ENGINE_UNAVAILABLE')).toMatch(/^No generation server is available right now/);
    expect(i18n.t('errors:UPSCALE_TOO_LARGE', sizes)).toMatch(
      /^The upscaled image would be 6144 × 4608 px, more than the 4096 px/,
    );
    await i18n.changeLanguage('zh');
    await i18n.loadNamespaces('errors');
    expect(i18n.t('errors:ENGINE_UNAVAILABLE')).toMatch(/^当前没有可用的生成服务器/);
    expect(i18n.t('errors:UPSCALE_TOO_LARGE', sizes)).toMatch(
      /^放大后的图片为 6144 × 4608 像素，超过本服务器单边 4096 像素/,
    );
  });
});
