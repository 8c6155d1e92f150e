import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { STORAGE_KEYS, storage } from '../../../shared/storage/storage.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { serveStudio } from '../../../test/render-studio.tsx';
import { readDraft, writeDraft, type StudioDraft } from '../lib/studio-draft.ts';
import { DEFAULT_VALUES } from '../lib/studio-values.ts';
import { StudioDraftGate } from './studio-draft-gate.tsx';

vi.setConfig({ testTimeout: 20_000 });

const draftOf = (prompt: string, editedAt: number, rev = 1): StudioDraft => ({
  values: { ...DEFAULT_VALUES, prompt, images: {} },
  live: [],
  selected: null,
  editedAt,
  rev,
});
const onServer = (prompt: string, editedAt: number, rev: number) => ({
  data: { values: { prompt }, live: [], selected: null },
  rev,
  editedAt: new Date(editedAt).toISOString(),
});
const prompt = () => screen.findByTestId('prompt-input');

function renderGate() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <StudioDraftGate mode="text" /> }], {
    initialEntries: ['/design'],
  });
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  storage.set(STORAGE_KEYS.userProfile, { id: 'user-a', nickname: 'a' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the studio opens on the newest draft', () => {
  it('takes the server’s draft when another computer edited it later, and keeps its rev', async () => {
    writeDraft('text', draftOf('this browser', 1000));
    serveStudio({ '/design/draft/get': { data: { draft: onServer('another computer', 5000, 7) } } });
    renderGate();
    expect(await prompt()).toHaveValue('another computer');
    expect(readDraft('text')).toMatchObject({ rev: 7, values: { prompt: 'another computer' } });
  });

  it('keeps this browser’s copy when it is newer, or when the server cannot be reached', async () => {
    writeDraft('text', draftOf('edited offline', 9000));
    serveStudio({ '/design/draft/get': { data: { draft: onServer('older on the server', 5000, 3) } } });
    renderGate();
    expect(await prompt()).toHaveValue('edited offline');
    // Its next save builds on the server's rev, so it is not taken for a conflict.
    expect(readDraft('text')?.rev).toBe(3);
    cleanup();

    serveStudio({ '/design/draft/get': { status: 500, msg: 'Server error', data: null } });
    renderGate();
    expect(await prompt()).toHaveValue('edited offline');
  });

  it('saves a change a second later, and shows the newer draft another tab saved, saying so', async () => {
    const saves: unknown[] = [];
    serveStudio({
      '/design/draft/get': { data: { draft: null } },
      '/design/draft/save': (body) => {
        saves.push(body);
        return { data: { saved: false, draft: onServer('the other tab', Date.now(), 4) } };
      },
    });
    const told = vi.spyOn(toast, 'info');
    renderGate();
    fireEvent.change(await prompt(), { target: { value: 'this tab' } });
    await waitFor(() => expect(saves).toHaveLength(1), { timeout: 5000 });
    expect(saves[0]).toMatchObject({ mode: 'text', baseRev: 0, data: { values: { prompt: 'this tab' } } });
    await waitFor(() =>
      expect(told).toHaveBeenCalledWith('A newer draft from another tab or computer was loaded here.'),
    );
    await waitFor(async () => expect(await prompt()).toHaveValue('the other tab'));
    expect(readDraft('text')).toMatchObject({ rev: 4, values: { prompt: 'the other tab' } });
  });

  it('shows a newer edit saved elsewhere when the page comes back into view, not an older one', async () => {
    let onTheServer: ReturnType<typeof onServer> | null = null;
    const told = vi.spyOn(toast, 'info');
    serveStudio({
      '/design/draft/get': () => ({ data: { draft: onTheServer } }),
      '/design/draft/save': () => ({ data: { saved: true, draft: onServer('this tab', Date.now(), 1) } }),
    });
    renderGate();
    fireEvent.change(await prompt(), { target: { value: 'this tab' } });
    await waitFor(() => expect(readDraft('text')?.rev).toBe(1), { timeout: 5000 });

    // An older edit elsewhere is not shown over this page's.
    onTheServer = onServer('older elsewhere', Date.now() - 60_000, 2);
    fireEvent(document, new Event('visibilitychange'));
    await new Promise((done) => setTimeout(done, 300));
    expect(await prompt()).toHaveValue('this tab');

    onTheServer = onServer('newer elsewhere', Date.now() + 1000, 3);
    fireEvent(window, new Event('focus'));
    await waitFor(async () => expect(await prompt()).toHaveValue('newer elsewhere'));
    expect(told).toHaveBeenCalledWith('A newer draft from another tab or computer was loaded here.');
  });
});
