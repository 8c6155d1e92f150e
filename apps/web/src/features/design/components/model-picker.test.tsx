import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { MODEL_CATALOGUE, renderStudio, serveStudio } from '../../../test/render-studio.tsx';
import { makeTask } from '../../../test/task-fixtures.ts';

const image = (id: string) => ({ id, url: `/img/${id}.png`, width: 600, height: 400 });
const openPicker = async () => {
  await userEvent.click(await screen.findByRole('combobox', { name: 'Model' }));
  return screen.findByRole('listbox');
};
const option = (name: RegExp) => screen.getByRole('option', { name });

beforeEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('the model picker', () => {
  it('lists the models this server runs with their price and what each can do, leaving out the rest', async () => {
    serveStudio();
    renderStudio('text');
    await openPicker();
    const core = option(/^Stable Image Core/);
    expect(core).toHaveAccessibleName(
      /Stable Image Core, 2 cubes \/ image, Up to 4 images, Regions, Line art, Depth, Seed/,
    );
    expect(within(core).getByText('2 cubes / image')).toBeInTheDocument();
    expect(within(option(/^Architecture,/)).getByText('中文 prompts')).toBeInTheDocument();
    // FLUX has no key on this server: not offered at all.
    expect(screen.queryByRole('option', { name: /FLUX/ })).not.toBeInTheDocument();
  });

  it('disables a model that cannot use the images given, saying why in words', async () => {
    serveStudio();
    renderStudio('iterate', { images: { base: image('b'), reference: image('r') } });
    await openPicker();
    const core = option(/^Stable Image Core/);
    expect(core).toHaveAttribute('aria-disabled', 'true');
    expect(core).toHaveAccessibleName(/Cannot use a reference image$/);
    expect(within(core).getByTestId('model-why')).toHaveTextContent('Cannot use a reference image');
    expect(option(/^Architecture,/)).toHaveAttribute('aria-disabled', 'false');
  });

  it('fits the form to a picked model: fewer images, its aspects, and its price in the cost', async () => {
    const api = serveStudio();
    renderStudio('text', { params: { count: 8, size: '4:3', seed: 7 } });
    await openPicker();
    await userEvent.click(option(/^Stable Image Core/));
    expect(await screen.findByTestId('model-count-max')).toHaveTextContent(
      'Stable Image Core makes up to 4 images per task.',
    );
    const counts = screen.getByRole('radiogroup', { name: 'Number of pictures' });
    const selected = (n: string) => within(counts).getByRole('radio', { name: n }).closest('label');
    await waitFor(() => expect(selected('4')).toHaveClass('ant-segmented-item-selected'));
    expect(within(counts).getByRole('radio', { name: '5' })).toBeDisabled();
    // Stability makes every preset (4:3 at 5:4, cropped): the size stays, and no limit is named.
    expect(screen.getByTestId('size-select')).toHaveTextContent('4:3');
    expect(screen.queryByTestId('model-aspects')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(api.to('/design/cost').at(-1)!.body).toMatchObject({ model: 'stable-image-core', count: 4 }),
    );
  });

  it('takes back an aspect the picked model cannot make, saying which it makes', async () => {
    // The beta model routed to OpenAI by the operator: three sizes only.
    const items = MODEL_CATALOGUE.items.map((m) =>
      m.id === 'architecture-beta'
        ? { ...m, engine: 'openai', capabilities: { ...m.capabilities, aspects: ['1:1', '3:2', '2:3'] } }
        : m,
    );
    serveStudio({ '/design/models': { data: { items } } });
    renderStudio('text', { params: { size: '4:3' } });
    await openPicker();
    await userEvent.click(option(/^Architecture beta/));
    expect(await screen.findByTestId('model-aspects')).toHaveTextContent('makes 1:1, 3:2, 2:3 images only');
    // 4:3 is not among them: the model's nearest default shows instead.
    expect(screen.getByTestId('size-select')).toHaveTextContent('3:2');
  });

  it('turns the seed off with the reason for a model that cannot keep one', async () => {
    serveStudio();
    renderStudio('text', { params: { model: 'wan', seed: 7 } });
    expect(await screen.findByTestId('seed-why')).toHaveTextContent('Wan cannot keep a seed');
    expect(screen.getByRole('spinbutton', { name: 'Seed' })).toBeDisabled();
    expect(screen.getByRole('spinbutton', { name: 'Seed' })).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Keep seed' })).toBeDisabled();
  });

  it('turns the negative prompt off with the reason for a model that cannot use one, and sends none', async () => {
    // FLUX with a key on this server: it takes no negative prompt.
    const items = MODEL_CATALOGUE.items.map((m) =>
      m.id === 'flux-pro' ? { ...m, available: true, unavailable: null } : m,
    );
    const api = serveStudio({
      '/design/models': { data: { items } },
      '/design/task/submit': { data: makeTask({ id: crypto.randomUUID() }) },
    });
    renderStudio('text', { params: { model: 'flux-pro', prompt: 'a tower', negativePrompt: 'people' } });
    expect(await screen.findByTestId('negative-why')).toHaveTextContent(
      'FLUX Pro cannot use a negative prompt: it would be ignored.',
    );
    const field = screen.getByRole('textbox', { name: 'Negative prompt' });
    expect(field).toBeDisabled();
    expect(field).toHaveValue('');
    await userEvent.click(screen.getByTestId('generate'));
    await waitFor(() => expect(api.to('/design/task/submit')).toHaveLength(1));
    expect(api.to('/design/task/submit')[0]!.body).toMatchObject({ model: 'flux-pro', prompt: 'a tower' });
    expect(api.to('/design/task/submit')[0]!.body).not.toHaveProperty('negativePrompt');
  });

  it('clears the negative prompt when a model that cannot use one is picked', async () => {
    const items = MODEL_CATALOGUE.items.map((m) =>
      m.id === 'flux-pro' ? { ...m, available: true, unavailable: null } : m,
    );
    serveStudio({ '/design/models': { data: { items } } });
    renderStudio('text', { params: { negativePrompt: 'people' } });
    expect(await screen.findByRole('textbox', { name: 'Negative prompt' })).toHaveValue('people');
    await openPicker();
    await userEvent.click(option(/^FLUX Pro/));
    expect(await screen.findByTestId('negative-why')).toBeInTheDocument();
    await openPicker();
    await userEvent.click(option(/^Architecture,/));
    await waitFor(() => expect(screen.queryByTestId('negative-why')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Negative prompt' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Negative prompt' })).toHaveValue('');
  });

  it('says when the chosen model cannot take this page’s task and offers the default', async () => {
    serveStudio();
    // Copied parameters of a model this page cannot use (Wan here makes no iterative renders).
    renderStudio('iterate', { params: { model: 'wan' } });
    const alert = await screen.findByTestId('model-unusable');
    expect(alert).toHaveTextContent('Wan cannot be used here: Cannot do iterative rendering.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Use Architecture' }));
    await waitFor(() => expect(screen.queryByTestId('model-unusable')).not.toBeInTheDocument());
    expect(screen.getByRole('combobox', { name: 'Model' }).closest('.ant-select')).toHaveTextContent(
      'Architecture · 1 cube / image',
    );
  });

  it('shows a model not set up here, when copied parameters name it, with the reason', async () => {
    serveStudio();
    renderStudio('text', { params: { model: 'flux-pro' } });
    expect(await screen.findByTestId('model-unusable')).toHaveTextContent(
      'FLUX Pro cannot be used here: Not offered on this server.',
    );
  });

  it('speaks Chinese: names, prices, tags and reasons', async () => {
    await i18n.changeLanguage('zh');
    serveStudio();
    renderStudio('iterate', { images: { base: image('b'), reference: image('r') } });
    await userEvent.click(await screen.findByRole('combobox', { name: '模型' }));
    const core = await screen.findByRole('option', { name: /^Stable Image Core（中）/ });
    expect(core).toHaveAccessibleName(/2 魔方 \/ 张, 最多 4 张, 局部编辑, .*无法使用参考图$/);
  });
});
