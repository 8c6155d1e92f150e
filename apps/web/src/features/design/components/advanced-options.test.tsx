import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderStudio, serveStudio } from '../../../test/render-studio.tsx';
import { makeTask } from '../../../test/task-fixtures.ts';

const seedField = () => screen.getByRole('spinbutton', { name: 'Seed' });
const keepSeed = () => screen.getByRole('checkbox', { name: 'Keep seed' });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the seed and "Keep seed"', () => {
  it('keeps a typed seed when "Keep seed" is ticked after it', async () => {
    serveStudio();
    renderStudio('text');
    await userEvent.type(await screen.findByRole('spinbutton', { name: 'Seed' }), '4242');
    expect(keepSeed()).not.toBeChecked();
    await userEvent.click(keepSeed());
    expect(keepSeed()).toBeChecked();
    expect(seedField()).toHaveValue('4242');
  });

  it('keeps a typed seed when "Keep seed" was ticked first', async () => {
    serveStudio();
    renderStudio('text');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Keep seed' }));
    await userEvent.type(seedField(), '77');
    expect(keepSeed()).toBeChecked();
    expect(seedField()).toHaveValue('77');
  });

  it('sends a typed and kept seed with every task and still shows it afterwards', async () => {
    const api = serveStudio({
      '/design/task/submit': (body) => ({
        data: makeTask({ id: crypto.randomUUID(), params: body as Record<string, unknown> }),
      }),
    });
    renderStudio('text', { params: { prompt: 'A brick library' } });
    await userEvent.type(await screen.findByRole('spinbutton', { name: 'Seed' }), '31337');
    await userEvent.click(keepSeed());
    for (const n of [1, 2]) {
      await userEvent.click(screen.getByTestId('generate'));
      await waitFor(() => expect(api.to('/design/task/submit')).toHaveLength(n));
      expect(api.to('/design/task/submit')[n - 1]!.body).toMatchObject({ seed: 31337 });
      await waitFor(() => expect(screen.getByTestId('generate')).toBeEnabled());
      expect(seedField()).toHaveValue('31337');
      expect(keepSeed()).toBeChecked();
    }
  });

  it('uses a typed seed once without "Keep seed", and unticking lets every task have a new one', async () => {
    const api = serveStudio({
      '/design/task/submit': (body) => ({
        data: makeTask({ id: crypto.randomUUID(), params: body as Record<string, unknown> }),
      }),
    });
    renderStudio('text', { params: { prompt: 'A brick library' } });
    await userEvent.type(await screen.findByRole('spinbutton', { name: 'Seed' }), '9');
    await userEvent.click(screen.getByTestId('generate'));
    await waitFor(() => expect(api.to('/design/task/submit')).toHaveLength(1));
    expect(api.to('/design/task/submit')[0]!.body).toMatchObject({ seed: 9 });
    await waitFor(() => expect(seedField()).toHaveValue(''));

    // Ticked and unticked again: the field empties, the next task gets a seed of its own.
    await userEvent.type(seedField(), '12');
    await userEvent.click(keepSeed());
    await userEvent.click(keepSeed());
    expect(keepSeed()).not.toBeChecked();
    expect(seedField()).toHaveValue('');
  });
});
