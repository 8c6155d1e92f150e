import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Task } from '@turing/contract';
import { STORAGE_KEYS, storage } from '../../../shared/storage/storage.ts';
import { costAnswer, renderStudio, serveStudio } from '../../../test/render-studio.tsx';
import { makeResult, makeTask } from '../../../test/task-fixtures.ts';
import { parseDraft } from '../lib/studio-draft.ts';
import { DEFAULT_VALUES } from '../lib/studio-values.ts';

const done = makeTask({
  id: '00000000-0000-4000-8000-000000000201',
  state: 'complete',
  mode: 'text',
  params: { mode: 'text', model: 'architecture', prompt: 'A timber pavilion', count: 2, quality: 'HD', seed: 77 },
  results: [1, 2].map(makeResult),
});
const submitted = (body: unknown) =>
  ({ data: makeTask({ id: crypto.randomUUID(), params: body as Task['params'] }) }) as const;
const serve = (over = {}) =>
  serveStudio({
    '/design/task/list': { data: { items: [done], nextCursor: null } },
    '/design/task/get': { data: done },
    '/design/task/submit': submitted,
    ...over,
  });
const stage = () => screen.getByTestId('stage');

vi.setConfig({ testTimeout: 20_000 });
beforeEach(() => {
  localStorage.clear();
  storage.set(STORAGE_KEYS.userProfile, { id: 'user-a', nickname: 'user-a' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The studio with the second result of the finished task on the stage. */
async function onStage() {
  await userEvent.click((await screen.findAllByRole('button', { name: 'Result 2 of 2' }))[0]!);
  return within(stage()).getByRole('toolbar', { name: 'Actions for this result' });
}

describe('"Vary subtly" and "Vary strongly" on the stage', () => {
  it('sit beside "Vary (new seed)" with the price, and start from the result on the stage', async () => {
    const api = serve({ '/design/cost': costAnswer({ cubes: 4 }) });
    renderStudio('text');
    const actions = await onStage();
    const group = await within(actions).findByRole('group', { name: 'Variations of this result, 4 cubes each' });
    const names = within(group)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label') ?? b.textContent);
    expect(names).toEqual(['Vary (new seed)', 'Vary subtly', 'Vary strongly']);
    expect(group).toHaveTextContent('4 cubes');
    // Priced as the variation itself, whatever the form says.
    expect(api.to('/design/cost').map((c) => c.body)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ mode: 'iterate', baseImageId: 'r2', count: 2, quality: 'HD' }),
      ]),
    );

    await userEvent.click(within(group).getByRole('button', { name: 'Vary subtly' }));
    await waitFor(() => expect(api.to('/design/task/submit')).toHaveLength(1));
    const subtle = api.to('/design/task/submit')[0]!.body as Record<string, unknown>;
    expect(subtle).toMatchObject({
      mode: 'iterate',
      baseImageId: 'r2',
      prompt: 'A timber pavilion',
      imageWeight: 0.85,
    });
    expect(subtle).not.toHaveProperty('seed');
    // The variation takes the stage.
    await waitFor(() => expect(within(stage()).getByTestId('task-status')).toBeInTheDocument());
  });

  it('starts a strong variation that keeps less of the result', async () => {
    const api = serve();
    renderStudio('text');
    const actions = await onStage();
    await userEvent.click(await within(actions).findByRole('button', { name: 'Vary strongly' }));
    await waitFor(() => expect(api.to('/design/task/submit')).toHaveLength(1));
    expect(api.to('/design/task/submit')[0]!.body).toMatchObject({ mode: 'iterate', imageWeight: 0.45 });
  });

  it('is off, saying why, when the balance cannot pay for it', async () => {
    serve({ '/design/cost': costAnswer({ cubes: 4, balance: 1, enough: false }) });
    renderStudio('text');
    const actions = await onStage();
    await waitFor(() => expect(within(actions).getByRole('button', { name: 'Vary subtly' })).toBeDisabled());
    expect(within(actions).getByRole('button', { name: 'Vary strongly' })).toBeDisabled();
  });

  it('is off for a model that cannot start from an image', async () => {
    const wan = { ...done, params: { ...done.params, model: 'wan' } };
    serve({ '/design/task/list': { data: { items: [wan], nextCursor: null } } });
    renderStudio('text');
    const actions = await onStage();
    await waitFor(() => expect(within(actions).getByRole('button', { name: 'Vary subtly' })).toBeDisabled());
    expect(within(actions).getByRole('button', { name: /Vary \(new seed\)/ })).toBeEnabled();
  });
});

describe('"Vary subtly" and "Vary strongly" where they could not keep their promise', () => {
  /** The two buttons are off while "Vary (new seed)" stays on; hovering one says why. */
  async function offSaying(actions: HTMLElement, why: RegExp) {
    const subtle = within(actions).getByRole('button', { name: 'Vary subtly' });
    await waitFor(() => expect(subtle).toBeDisabled());
    expect(within(actions).getByRole('button', { name: 'Vary strongly' })).toBeDisabled();
    expect(within(actions).getByRole('button', { name: /Vary \(new seed\)/ })).toBeEnabled();
    await userEvent.hover(subtle);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(why);
  }

  it('are off for a model that ignores the image weight, where both would make the same image', async () => {
    const flux = { ...done, params: { ...done.params, model: 'flux-pro' } };
    serve({ '/design/task/list': { data: { items: [flux], nextCursor: null } } });
    renderStudio('text');
    await offSaying(await onStage(), /FLUX Pro does not read how much of the picture to keep/);
  });

  it('are off for the result of a region edit, whose prompt describes only the region', async () => {
    const edit = {
      ...done,
      mode: 'edit' as const,
      params: { ...done.params, mode: 'edit' as const, baseImageId: 'b1', maskImageId: 'm1' },
    };
    serve({ '/design/task/list': { data: { items: [edit], nextCursor: null } } });
    renderStudio('text');
    await offSaying(await onStage(), /its prompt describes only the painted region/);
  });
});

describe('a kept seed', () => {
  it('stays through "Copy parameters" of a result', async () => {
    serve();
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: () => Promise.resolve() } });
    renderStudio('text');
    const actions = await onStage();
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Seed' }), '4242');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Keep seed' }));
    await userEvent.click(within(actions).getByRole('button', { name: /Copy parameters/ }));
    await waitFor(() => expect(screen.getByTestId('prompt-input')).toHaveValue('A timber pavilion'));
    expect(screen.getByRole('spinbutton', { name: 'Seed' })).toHaveValue('4242');
    expect(screen.getByRole('checkbox', { name: 'Keep seed' })).toBeChecked();
  });

  it('stays ticked in a saved draft', () => {
    const draft = parseDraft({ values: { ...DEFAULT_VALUES, seed: 4242, keepSeed: true }, live: [], selected: null });
    expect(draft?.values).toMatchObject({ seed: 4242, keepSeed: true });
    expect(parseDraft({ values: { ...DEFAULT_VALUES, seed: 9 }, live: [], selected: null })?.values.keepSeed).toBe(
      false,
    );
  });
});
