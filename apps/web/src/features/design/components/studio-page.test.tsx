import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeCanvas, installViewport } from '../../../test/fake-konva.ts';
import { costAnswer as cost, renderStudio as renderPage, serveStudio } from '../../../test/render-studio.tsx';

const serve = (answer = cost()) => serveStudio({ '/design/cost': answer });

const generate = () => screen.getByTestId('generate');
const prompt = () => screen.getByTestId('prompt-input');

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the studio parameter panel', () => {
  it('keeps Generate disabled until text to image has a prompt or a tag, and says why', async () => {
    serve();
    renderPage('text');
    expect(await screen.findByText('Describe the design, or choose tags or a word package')).toBeInTheDocument();
    expect(generate()).toBeDisabled();

    await userEvent.click(await screen.findByText('modern'));
    expect(generate()).toBeEnabled();
    await userEvent.click(screen.getByText('modern'));
    expect(generate()).toBeDisabled();

    await userEvent.type(prompt(), 'A villa');
    expect(generate()).toBeEnabled();
    expect(screen.getByText('Ctrl + Enter to generate')).toBeInTheDocument();
  });

  it('counts the characters and refuses a text that is too long', async () => {
    serve();
    renderPage('text');
    fireEvent.change(prompt(), { target: { value: 'a'.repeat(1000) } });
    expect(screen.getByText('1000 / 1000')).toBeInTheDocument();
    expect(screen.queryByText('The text is too long')).not.toBeInTheDocument();
    expect(generate()).toBeEnabled();

    fireEvent.change(prompt(), { target: { value: 'a'.repeat(1001) } });
    expect(screen.getByText('1001 / 1000')).toBeInTheDocument();
    expect(screen.getAllByText('The text is too long').length).toBeGreaterThan(0);
    expect(generate()).toBeDisabled();
  });

  it('shows what a task costs and the balance, and asks for more cubes when they run short', async () => {
    const api = serve(cost({ cubes: 1, balance: 18 }));
    renderPage('text');
    const line = await screen.findByTestId('cost');
    await waitFor(() => expect(line).toHaveTextContent('Uses 1 cube'));
    expect(line).toHaveTextContent('Balance: 18 cubes');
    expect(api.to('/design/cost')[0]!.body).toMatchObject({ quality: 'SD', count: 1 });

    cleanup();
    serve(cost({ cubes: 4, balance: 2, enough: false, fits: { count: 1, quality: 'HD', cubes: 2 } }));
    renderPage('text');
    fireEvent.change(prompt(), { target: { value: 'A villa' } });
    await waitFor(() => expect(screen.getByTestId('cost')).toHaveTextContent('Uses 4 cubes'));
    expect(generate()).toHaveTextContent('Generate · 4 cubes');
    expect(screen.getByText('This task needs 4 cubes; you have 2 cubes. 1 × HD fits (2 cubes).')).toBeInTheDocument();
    expect(generate()).toBeDisabled();
  });

  it('says when a time plan covers the task', async () => {
    serve(cost({ cubes: 0, coveredByPlan: true, balance: 0 }));
    renderPage('text');
    await waitFor(() => expect(screen.getByTestId('cost')).toHaveTextContent('Covered by your time plan'));
  });

  it('opens the word-package editor on demand, with the contract’s rules', async () => {
    serve();
    renderPage('text');
    await userEvent.click(await screen.findByRole('button', { name: /^(plus )?New$/ }));
    // The editor (its form and rules) is loaded when asked for, not with the studio.
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(dialog).toHaveTextContent('New word package');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a name for the word package')).toBeInTheDocument();
  }, 20_000);

  it('asks for a base image on iterative rendering and a region on step editing', async () => {
    serve();
    renderPage('iterate');
    expect(await screen.findByText('Upload a base image first')).toBeInTheDocument();
    expect(generate()).toBeDisabled();

    cleanup();
    serve();
    renderPage('edit', { base: { id: 'b1', url: '/files/b1.png', width: 800, height: 600 } });
    const hint = await screen.findByText('Partial edit requires a region selected in the original image', {
      selector: '#studio-generate-why',
    });
    expect(hint).toBeInTheDocument();
    expect(within(screen.getByTestId('slot-base')).getByRole('img', { name: 'Base image' })).toBeInTheDocument();
    expect(generate()).toBeDisabled();
  });
});

// The editor and Konva load on demand, as in the app: the first test pays for importing them.
describe('step editing', { timeout: 30_000 }, () => {
  const base = { id: 'b1', url: '/files/b1.png', width: 800, height: 600 };
  const submitted = {
    id: '00000000-0000-4000-8000-000000000001',
    state: 'queued',
    seq: 1,
    params: { mode: 'edit' },
    mode: 'edit',
    engine: 'preview',
    promptOriginal: '',
    promptSent: '',
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
  const needRegion = 'Partial edit requires a region selected in the original image';

  beforeEach(() => {
    installFakeCanvas();
    installViewport(800, 600);
  });

  const findEditor = (name?: string) => screen.findByRole('application', { name }, { timeout: 20_000 });

  /** A drag with the rectangle tool; jsdom lays nothing out, so client coordinates are canvas coordinates. */
  function dragRect(canvas: Element, from: [number, number], to: [number, number]) {
    fireEvent.pointerDown(canvas, { clientX: from[0], clientY: from[1], button: 0, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: to[0], clientY: to[1], pointerId: 1 });
    fireEvent.pointerUp(canvas, { clientX: to[0], clientY: to[1], pointerId: 1 });
  }

  it('draws the region in the mask editor and submits it as a mask at the base image size', async () => {
    const sizes: string[] = [];
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, done) {
      sizes.push(`${this.width}x${this.height}`);
      done(new Blob(['png'], { type: 'image/png' }));
    });
    const api = serveStudio({
      '/upload/image': {
        data: { id: 'm1', kind: 'mask', url: '/files/m1.png', thumbUrl: null, width: 800, height: 600, bytes: 3 },
      },
      '/design/task/submit': { data: submitted },
    });
    renderPage('edit', { base });

    // The editor arrives in its own chunk; until a region is drawn, both the panel and the editor say why.
    const canvas = await findEditor('Mask canvas: paint the region of the image to change');
    expect(screen.getByTestId('region-hint')).toHaveTextContent(needRegion);
    expect(generate()).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Rectangle (R)' }));
    dragRect(canvas, [200, 150], [420, 380]);
    expect(generate()).toBeEnabled();
    expect(screen.queryByTestId('region-hint')).not.toBeInTheDocument();
    expect(screen.queryByText(needRegion)).not.toBeInTheDocument();

    // Undo takes the region away again, and Generate with it.
    await userEvent.click(screen.getByRole('button', { name: 'Undo (Ctrl+Z)' }));
    expect(generate()).toBeDisabled();
    expect(screen.getByTestId('region-hint')).toHaveTextContent(needRegion);
    await userEvent.click(screen.getByRole('button', { name: 'Redo (Ctrl+Shift+Z)' }));
    expect(generate()).toBeEnabled();

    await act(async () => generate().click());
    await waitFor(() => expect(api.to('/design/task/submit')).toHaveLength(1));
    expect(sizes).toEqual(['800x600']);
    const upload = api.to('/upload/image')[0]!;
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
    expect(api.to('/design/task/submit')[0]!.body).toMatchObject({
      mode: 'edit',
      baseImageId: 'b1',
      maskImageId: 'm1',
    });
  });

  it('does not count a region that was erased away', async () => {
    serve();
    renderPage('edit', { base });
    const canvas = await findEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Rectangle (R)' }));
    dragRect(canvas, [300, 200], [400, 300]);
    expect(generate()).toBeEnabled();

    await userEvent.click(screen.getByRole('radio', { name: 'Subtract from region' }).closest('label')!);
    dragRect(canvas, [250, 150], [450, 350]);
    expect(generate()).toBeDisabled();
    expect(screen.getByTestId('region-hint')).toHaveTextContent(needRegion);
  });
});
