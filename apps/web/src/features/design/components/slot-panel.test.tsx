import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { MODEL_CATALOGUE, renderStudio, serveStudio } from '../../../test/render-studio.tsx';

const reference = { id: 'r1', url: '/files/r1.png', width: 600, height: 400 };
const note = () => screen.findByTestId('reference-ignored');

/** The catalogue as a server whose default engine uses a reference only from a base (the preview engine). */
const textless = {
  items: MODEL_CATALOGUE.items.map((m) =>
    m.id === 'architecture' ? { ...m, capabilities: { ...m.capabilities, referenceModes: ['iterate', 'edit'] } } : m,
  ),
};

const submitted = {
  id: '00000000-0000-4000-8000-000000000002',
  state: 'queued',
  seq: 1,
  params: { mode: 'text' },
  mode: 'text',
  engine: 'preview',
  promptOriginal: 'a villa',
  promptSent: 'a villa',
  translation: 'not_needed',
  position: 0,
  estimatedWaitSeconds: null,
  progress: 0,
  previewUrl: null,
  results: [],
  cost: { cubes: 1, coveredByPlan: false, refunded: false },
  shortfall: null,
  error: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  startedAt: null,
  finishedAt: null,
};

beforeEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('the reference slot', () => {
  it('is offered on text to image, alone, and its image is sent for a model that uses it', async () => {
    const api = serveStudio({ '/design/task/submit': { data: submitted } });
    renderStudio('text', { images: { reference }, params: { prompt: 'a villa' } });

    const slot = await screen.findByTestId('slot-reference');
    expect(within(slot).getByRole('img', { name: 'Reference' })).toHaveAttribute('src', '/files/r1.png');
    expect(screen.queryByTestId('slot-base')).not.toBeInTheDocument();
    // Architecture here uses a reference in every mode: nothing to say.
    await screen.findByTestId('model-tags');
    expect(screen.queryByTestId('reference-ignored')).not.toBeInTheDocument();

    await act(async () => screen.getByTestId('generate').click());
    await waitFor(() => expect(api.to('/design/task/submit')).toHaveLength(1));
    expect(api.to('/design/task/submit')[0]!.body).toMatchObject({ mode: 'text', referenceImageId: 'r1' });
  });

  it('says by the slot when the chosen model ignores a reference in text to image, a project style’s too', async () => {
    serveStudio({ '/design/models': { data: textless } });
    renderStudio('text');

    expect(await note()).toHaveTextContent(
      "Architecture does not use a reference image for text to image: a project style's reference is left out too. Choose another model to use one.",
    );
    // Beside the slot, with what a reference does.
    const slots = screen.getByTestId('slot-reference').parentElement!;
    expect(within(slots).getByTestId('reference-ignored')).toBeInTheDocument();
    expect(slots).toHaveTextContent('Optional: its colours, materials and mood guide the design, not its layout.');
  });

  it('with an image there, says to remove it or choose another model, as the picker does', async () => {
    serveStudio({ '/design/models': { data: textless } });
    renderStudio('text', { images: { reference } });

    expect(await note()).toHaveTextContent(
      'Architecture does not use a reference image for text to image. Remove this one, or choose another model.',
    );
    expect(await screen.findByTestId('model-unusable')).toHaveTextContent(
      'Architecture cannot be used here: Cannot use a reference image.',
    );

    await userEvent.click(
      within(screen.getByTestId('slot-reference')).getByRole('button', { name: 'Remove the Reference' }),
    );
    expect(await note()).toHaveTextContent('a project style');
    expect(screen.queryByTestId('model-unusable')).not.toBeInTheDocument();
  });

  it('says it in Chinese too', async () => {
    await i18n.changeLanguage('zh');
    serveStudio({ '/design/models': { data: textless } });
    renderStudio('text', { images: { reference } });

    expect(await note()).toHaveTextContent(
      'Architecture（中） 在文生图中不使用参考图。请移除此参考图，或选择其他模型。',
    );
  });

  it('says it on iterative rendering for a model without references', async () => {
    serveStudio();
    renderStudio('iterate', { params: { model: 'stable-image-core' } });

    expect(await note()).toHaveTextContent('Stable Image Core does not use a reference image for iterative rendering');
  });
});
