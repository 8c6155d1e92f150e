import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS, storage } from '../../../shared/storage/storage.ts';
import { encodeParams } from '../../../shared/routes/params-link.ts';
import { readDraft, writeDraft } from '../lib/studio-draft.ts';
import { renderStudio, serveStudio } from '../../../test/render-studio.tsx';
import { makeResult, makeTask } from '../../../test/task-fixtures.ts';

const id = (n: number) => `00000000-0000-4000-8000-00000000010${n}`;
/** Two finished tasks in the history: the newer with two results, the older with one. */
const newer = makeTask({
  id: id(2),
  state: 'complete',
  results: [1, 2].map(makeResult),
  createdAt: '2026-03-02T10:00:00.000Z',
});
const older = makeTask({
  id: id(1),
  state: 'complete',
  results: [makeResult(3)],
  createdAt: '2026-03-01T10:00:00.000Z',
});
const serve = (over = {}) =>
  serveStudio({
    '/design/task/list': { data: { items: [newer, older], nextCursor: null } },
    '/design/task/get': { data: newer },
    '/design/task/submit': () => ({ data: makeTask({ id: id(3), state: 'queued', position: 1 }) }),
    ...over,
  });
const signIn = (user: string) => storage.set(STORAGE_KEYS.userProfile, { id: user, nickname: user });
const stageImage = () => within(screen.getByTestId('stage')).getByRole('img', { name: /^Result/ });
const prompt = () => screen.getByTestId('prompt-input');

// Every test mounts the whole studio: give a busy machine time.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  localStorage.clear();
  signIn('user-a');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the studio stage', () => {
  it('puts a result clicked on the film strip on the stage, and the arrow keys move along the strip', async () => {
    serve();
    renderStudio('text');
    const strip = await screen.findByTestId('history');
    expect(within(strip).getAllByRole('button', { name: /^Result/ })).toHaveLength(3);
    await userEvent.click(within(strip).getAllByRole('button', { name: 'Result 1 of 2' })[0]!);
    expect(stageImage()).toHaveAttribute('src', '/files/r1.png');

    await userEvent.keyboard('{ArrowRight}');
    expect(stageImage()).toHaveAttribute('src', '/files/r2.png');
    await userEvent.keyboard('{ArrowRight}');
    expect(stageImage()).toHaveAttribute('src', '/files/r3.png');
    expect(within(strip).getByRole('button', { name: 'Result 1 of 1' })).toHaveAttribute('aria-pressed', 'true');
    // The end of the strip: nothing further.
    await userEvent.keyboard('{ArrowRight}');
    expect(stageImage()).toHaveAttribute('src', '/files/r3.png');
    expect(screen.getByRole('button', { name: 'Next result' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous result' }));
    expect(stageImage()).toHaveAttribute('src', '/files/r2.png');
    await userEvent.keyboard('{ArrowLeft}');
    expect(stageImage()).toHaveAttribute('src', '/files/r1.png');
  });

  it('leaves the arrow keys to the prompt field while it has the focus', async () => {
    serve();
    renderStudio('text');
    await userEvent.click((await screen.findAllByRole('button', { name: 'Result 1 of 2' }))[0]!);
    await userEvent.click(prompt());
    await userEvent.keyboard('{ArrowRight}');
    expect(stageImage()).toHaveAttribute('src', '/files/r1.png');
  });

  it('steps through results in the full-screen view and closes it with Escape', async () => {
    serve();
    renderStudio('text');
    await userEvent.click((await screen.findAllByRole('button', { name: 'Result 1 of 2' }))[0]!);
    fireEvent.click(within(screen.getByTestId('stage')).getByRole('button', { name: /Full screen/ }));
    const full = await screen.findByTestId('stage-fullscreen');
    await userEvent.keyboard('{ArrowRight}');
    expect(within(full).getByRole('img', { name: /^Result/ })).toHaveAttribute('src', '/files/r2.png');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('stage-fullscreen')).not.toBeInTheDocument());
    expect(stageImage()).toHaveAttribute('src', '/files/r2.png');
  });

  it('puts a new task on the stage with its place in line', async () => {
    serve();
    renderStudio('text');
    fireEvent.change(prompt(), { target: { value: 'A glass villa' } });
    await userEvent.click(screen.getByTestId('generate'));
    expect(await within(screen.getByTestId('stage')).findByTestId('queue-info')).toHaveTextContent('No. 1 in line');
    expect(within(screen.getByTestId('history')).getAllByTestId('result-card')[0]).toHaveAttribute(
      'data-state',
      'queued',
    );
  });
});

describe('the studio draft', () => {
  it('comes back after a reload: the form, the tasks started and the result on the stage', async () => {
    serve({ '/design/task/submit': () => ({ data: newer }) });
    renderStudio('text');
    fireEvent.change(prompt(), { target: { value: 'A glass villa' } });
    await userEvent.click(await screen.findByText('modern'));
    await userEvent.click(screen.getByTestId('generate'));
    await waitFor(() => expect(stageImage()).toHaveAttribute('src', '/files/r1.png'));
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(readDraft('text')?.selected).toEqual({ id: newer.id, index: 1 }));
    cleanup();

    serve();
    renderStudio('text');
    expect(prompt()).toHaveValue('A glass villa');
    await waitFor(() => expect(stageImage()).toHaveAttribute('src', '/files/r2.png'));
    expect(readDraft('text')?.values.tags.style).toEqual(['modern']);
    // Another page keeps its own draft.
    cleanup();
    serve();
    renderStudio('iterate');
    expect(prompt()).toHaveValue('');
  });

  it('keeps the base image of iterative rendering', async () => {
    const base = { id: 'u1', url: '/files/u1.png', width: 1200, height: 800 };
    serve();
    renderStudio('iterate', { base });
    expect(within(screen.getByTestId('slot-base')).getByRole('img', { name: 'Base image' })).toHaveAttribute(
      'src',
      base.url,
    );
    cleanup();
    serve();
    const { router } = renderStudio('iterate');
    expect(within(screen.getByTestId('slot-base')).getByRole('img', { name: 'Base image' })).toHaveAttribute(
      'src',
      base.url,
    );
    expect(router.state.location.state).toBeNull();
  });

  it('gives restored images fresh links, and empties the slot of an image that is gone', async () => {
    const base = { id: '00000000-0000-4000-8000-0000000000b1', url: '/files/b.png?exp=1', width: 1200, height: 800 };
    const reference = {
      id: '00000000-0000-4000-8000-0000000000b2',
      url: '/files/r.png?exp=1',
      width: 600,
      height: 400,
    };
    serve();
    renderStudio('iterate', { base });
    const slotImage = (slot: string, name: string) =>
      within(screen.getByTestId(`slot-${slot}`)).queryByRole('img', { name });
    await waitFor(() => expect(readDraft('iterate')?.values.images.base).toEqual(base));
    writeDraft('iterate', {
      ...readDraft('iterate')!,
      values: { ...readDraft('iterate')!.values, images: { base, reference } },
    });
    cleanup();

    const api = serve({
      '/upload/images': {
        data: { items: [{ id: base.id, url: '/files/b.png?exp=2', thumbUrl: '/files/b.webp?exp=2' }] },
      },
    });
    renderStudio('iterate');
    await waitFor(() => expect(slotImage('base', 'Base image')).toHaveAttribute('src', '/files/b.png?exp=2'));
    expect(slotImage('reference', 'Reference')).not.toBeInTheDocument();
    expect(api.to('/upload/images')[0]!.body).toEqual({ ids: [base.id, reference.id] });
  });

  it('"New design" clears the form and the stage, and forgets the draft', async () => {
    serve({ '/design/task/submit': () => ({ data: newer }) });
    renderStudio('text');
    fireEvent.change(prompt(), { target: { value: 'A glass villa' } });
    await userEvent.click(screen.getByTestId('generate'));
    await waitFor(() => expect(stageImage()).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: /New design/ }));
    expect(prompt()).toHaveValue('');
    expect(within(screen.getByTestId('stage')).getByText(/Your results appear here/)).toBeInTheDocument();
    // The history still lists the task.
    expect(within(screen.getByTestId('history')).getAllByRole('button', { name: /^Result/ }).length).toBeGreaterThan(0);
    await waitFor(() => expect(readDraft('text')).toMatchObject({ live: [], selected: null, values: { prompt: '' } }));
  });

  it('a shared link fills the form once; a reload shows the draft it became', async () => {
    serve();
    const { router } = renderStudio('text', undefined, `?params=${encodeParams({ prompt: 'From a link' })}`);
    expect(prompt()).toHaveValue('From a link');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    fireEvent.change(prompt(), { target: { value: 'From a link, edited' } });
    cleanup();
    serve();
    renderStudio('text');
    expect(prompt()).toHaveValue('From a link, edited');
  });
});
