import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS, storage } from '../../../shared/storage/storage.ts';
import { renderStudio, serveStudio } from '../../../test/render-studio.tsx';
import { makeTask } from '../../../test/task-fixtures.ts';

const submitted = (body: unknown) => ({
  data: makeTask({ id: crypto.randomUUID(), promptOriginal: (body as { prompt: string }).prompt }),
});
const serve = () => serveStudio({ '/design/task/submit': submitted });
const prompt = () => screen.getByTestId('prompt-input');
/** Types a whole prompt at once (key by key is slow on a busy machine) and leaves the focus in it. */
const fill = async (text: string) => {
  await userEvent.click(prompt());
  fireEvent.change(prompt(), { target: { value: text } });
};
const ctrlEnter = () => userEvent.keyboard('{Control>}{Enter}{/Control}');
const signIn = (id: string) => storage.set(STORAGE_KEYS.userProfile, { id, nickname: id });
/** The recent prompts offered under the prompt field. */
const offered = () =>
  [...document.querySelectorAll('.studio-history-option')].map((el) => el.textContent).filter(Boolean);

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

describe('the studio keyboard', () => {
  it.each([
    ['Ctrl', '{Control>}{Enter}{/Control}'],
    ['Cmd', '{Meta>}{Enter}{/Meta}'],
  ])('%s + Enter in the prompt generates, without a new line in the text', async (_, keys) => {
    const api = serve();
    renderStudio('text');
    await fill('A glass villa');
    await userEvent.keyboard(keys);
    await waitFor(() => expect(api.to('/design/task/submit')).toHaveLength(1));
    expect(api.to('/design/task/submit')[0]!.body).toMatchObject({ mode: 'text', prompt: 'A glass villa' });
    expect(prompt()).toHaveValue('A glass villa');
  });

  it('does nothing while Generate is disabled, or while a dialog is open', async () => {
    const api = serve();
    renderStudio('text');
    await screen.findByText('modern');
    await userEvent.click(prompt());
    await ctrlEnter();
    expect(screen.getByTestId('generate')).toBeDisabled();

    await fill('A glass villa');
    await userEvent.click(screen.getByRole('button', { name: /New$/ }));
    const dialog = await screen.findByRole('dialog');
    await ctrlEnter();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('/design/task/submit')).toHaveLength(0);

    // Once the dialog is gone the shortcut works again.
    await userEvent.click(prompt());
    await ctrlEnter();
    await waitFor(() => expect(api.to('/design/task/submit')).toHaveLength(1));
  });

  it('works again after the purchase prompt was closed', async () => {
    let calls = 0;
    const api = serveStudio({
      '/design/task/submit': (body) =>
        ++calls === 1
          ? {
              status: 402,
              code: 'INSUFFICIENT_BALANCE',
              msg: 'Not enough cubes: this task needs 2 and you have 1; buy cubes or a time plan',
              details: { need: 2, have: 1, fits: { count: 1, quality: 'SD', cubes: 1 } },
            }
          : submitted(body),
    });
    renderStudio('text');
    await fill('A glass villa');
    await ctrlEnter();
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('this task needs 2 and you have 1');
    expect(dialog).toHaveTextContent('1 × SD fits (1 cube).');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(prompt());
    await ctrlEnter();
    await waitFor(() => expect(api.to('/design/task/submit')).toHaveLength(2));
  });
});

describe('the recent prompts', () => {
  it('offers the prompts this user generated with, newest first, and fills the field with the one picked', async () => {
    serve();
    renderStudio('text');
    for (const text of ['A timber pavilion', 'A concrete museum']) {
      await fill(text);
      await userEvent.click(screen.getByTestId('generate'));
      await waitFor(() => expect(screen.getAllByTestId('result-card').length).toBeGreaterThan(0));
    }
    await fill('');
    prompt().blur();
    await userEvent.click(prompt());
    expect(await screen.findByText('Recent prompts')).toBeInTheDocument();
    expect(offered()).toEqual(['A concrete museum', 'A timber pavilion']);

    fireEvent.change(prompt(), { target: { value: 'timber' } });
    await waitFor(() => expect(offered()).toEqual(['A timber pavilion']));
    await userEvent.click(screen.getByText('A timber pavilion', { selector: '.studio-history-option' }));
    expect(prompt()).toHaveValue('A timber pavilion');
  });

  it("never offers another user's prompts", async () => {
    serve();
    renderStudio('text');
    await fill('Only for user A');
    await userEvent.click(screen.getByTestId('generate'));
    await waitFor(() => expect(screen.getAllByTestId('result-card')).toHaveLength(1));
    cleanup();

    signIn('user-b');
    serve();
    renderStudio('text');
    await userEvent.click(prompt());
    await screen.findByText('modern');
    expect(screen.queryByText('Recent prompts')).not.toBeInTheDocument();
    expect(offered()).toEqual([]);
  });
});
