import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Task } from '@turing/contract';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { mockApi } from '../../../test/render-app.tsx';
import { ResultStage } from './result-stage.tsx';
import { costAnswer } from '../../../test/render-studio.tsx';
import { makeResult, makeTask } from '../../../test/task-fixtures.ts';

const base = { url: '/files/base.png?sig=b', thumbUrl: '/files/base.thumb.webp?sig=t' };

function renderStage(task: Task | undefined, over: { index?: number; full?: boolean } = {}) {
  const handlers = {
    onUseAsBase: vi.fn(),
    onEditRegion: vi.fn(),
    onUpscale: vi.fn(),
    onRegenerate: vi.fn(),
    onCopyParams: vi.fn(),
  };
  const props = {
    onIndex: vi.fn(),
    onStep: vi.fn(),
    onFull: vi.fn(),
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const ui = (t: Task | undefined, full = over.full ?? false) => (
    <ConfigProvider theme={{ token: { motion: false } }}>
      <QueryClientProvider client={client}>
        <ResultStage
          task={t}
          index={over.index ?? 0}
          canStep={{ prev: true, next: true }}
          full={full}
          handlers={handlers}
          {...props}
        />
      </QueryClientProvider>
    </ConfigProvider>
  );
  const view = render(ui(task));
  return {
    stage: screen.getByTestId('stage'),
    handlers,
    props,
    rerender: (t: Task, full?: boolean) => view.rerender(ui(t, full)),
  };
}

const complete = (over: Partial<Task>) =>
  makeTask({ state: 'complete', progress: 100, results: [makeResult(1)], ...over });

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('the result stage', () => {
  it('says where results appear while nothing is on it', () => {
    const { stage } = renderStage(undefined);
    expect(within(stage).getByText(/Your results appear here/)).toBeInTheDocument();
    expect(within(stage).queryByTestId('stage-actions')).not.toBeInTheDocument();
  });

  it('shows the selected result large, its size and seed, and the actions with the upscale prices', async () => {
    const api = mockApi({
      '/design/cost': (body) => costAnswer({ cubes: (body as { upscale: number }).upscale === 4 ? 4 : 2 }),
    });
    const results = [makeResult(1), { ...makeResult(2), seed: 12345 }];
    const { stage, handlers } = renderStage(complete({ results }), { index: 1 });
    const image = within(stage).getByRole('img', { name: 'Result 2 of 2' });
    expect(image).toHaveAttribute('src', '/files/r2.png');
    expect(image).toHaveClass('stage__image');
    expect(within(stage).getByText('768 × 576 px')).toBeInTheDocument();
    expect(within(stage).getByTestId('seed')).toHaveTextContent('Seed 12345');

    const actions = within(stage).getByRole('toolbar', { name: 'Actions for this result' });
    // A named download of the stored image.
    expect(within(actions).getByTestId('download-link')).toHaveAttribute('href', expect.stringContaining('r2'));
    expect(within(actions).getByTestId('download-link')).toHaveAttribute('download', expect.stringMatching(/\.png$/));
    expect(await within(actions).findByRole('button', { name: /Upscale 2× 2 cubes/ })).toBeEnabled();
    expect(await within(actions).findByRole('button', { name: /Upscale 4× 4 cubes/ })).toBeEnabled();
    expect(api.to('/design/cost').map((c) => c.body)).toEqual(
      expect.arrayContaining([
        { mode: 'upscale', baseImageId: 'r2', upscale: 2 },
        { mode: 'upscale', baseImageId: 'r2', upscale: 4 },
      ]),
    );
    await userEvent.click(within(actions).getByRole('button', { name: /Upscale 4×/ }));
    expect(handlers.onUpscale).toHaveBeenCalledWith(expect.objectContaining({ id: 'r2' }), 4);
    await userEvent.click(within(actions).getByRole('button', { name: /Use as new base/ }));
    expect(handlers.onUseAsBase).toHaveBeenCalledWith(expect.objectContaining({ id: 'r2', url: '/files/r2.png' }));
    await userEvent.click(within(actions).getByRole('button', { name: /Vary/ }));
    expect(handlers.onRegenerate).toHaveBeenCalledWith(expect.objectContaining({ state: 'complete' }));
    await userEvent.click(within(actions).getByRole('button', { name: /Copy parameters/ }));
    expect(handlers.onCopyParams).toHaveBeenCalled();
  });

  it('upscales with the model that made the image, at that model’s price', async () => {
    const api = mockApi({
      '/design/cost': (body) => costAnswer({ cubes: (body as { upscale: number }).upscale === 4 ? 16 : 2 }),
    });
    const { stage, handlers } = renderStage(complete({ params: { count: 1, model: 'stable-image-core' } }));
    const actions = within(stage).getByRole('toolbar', { name: 'Actions for this result' });
    expect(await within(actions).findByRole('button', { name: /Upscale 4× 16 cubes/ })).toBeEnabled();
    expect(api.to('/design/cost').map((c) => c.body)).toEqual(
      expect.arrayContaining([{ mode: 'upscale', baseImageId: 'r1', upscale: 4, model: 'stable-image-core' }]),
    );
    await userEvent.click(within(actions).getByRole('button', { name: /Upscale 4×/ }));
    expect(handlers.onUpscale).toHaveBeenCalledWith(expect.objectContaining({ id: 'r1' }), 4, 'stable-image-core');
  });

  it('says the seed in Chinese, and no seed when the result has none', async () => {
    await i18n.changeLanguage('zh');
    mockApi({ '/design/cost': costAnswer() });
    const { stage, rerender } = renderStage(complete({ results: [{ ...makeResult(1), seed: 42 }] }));
    expect(within(stage).getByTestId('seed')).toHaveTextContent('种子 42');
    rerender(complete({ results: [{ ...makeResult(1), seed: null }] }));
    expect(within(stage).queryByTestId('seed')).not.toBeInTheDocument();
  });

  it('keeps an upscale off when the balance cannot pay for it', async () => {
    mockApi({ '/design/cost': costAnswer({ cubes: 4, balance: 1, enough: false }) });
    const { stage } = renderStage(complete({}));
    await waitFor(() => expect(within(stage).getByRole('button', { name: /Upscale 2× 4 cubes/ })).toBeDisabled());
  });

  it.each(['iterate', 'edit', 'upscale'] as const)(
    'compares a %s result with the base image the task carries',
    async (mode) => {
      mockApi({ '/design/cost': costAnswer() });
      const { stage } = renderStage(complete({ mode, baseImage: base }));
      await userEvent.click(within(stage).getByText('Compare with base'));
      const compare = within(stage).getByTestId('compare');
      const before = within(compare).getByRole('img', { name: 'Before' });
      expect(before).toHaveAttribute('src', base.url);
      // The thumbnail shows while the full base image loads.
      expect(before.style.backgroundImage).toContain(base.thumbUrl);
      const after = within(compare).getByRole('img', { name: 'Result 1 of 1' });
      expect(after).toHaveAttribute('src', '/files/r1.png');

      const handle = within(compare).getByRole('slider', { name: 'Compare' });
      fireEvent.change(handle, { target: { value: '30' } });
      // The base shows left of the line, the result right of it.
      expect(before.style.clipPath).toMatch(/^inset\(0(px)? 70% /);

      await userEvent.click(within(stage).getByText('Result', { selector: '.ant-segmented-item-label' }));
      expect(within(stage).queryByTestId('compare')).not.toBeInTheDocument();
      expect(within(stage).getByRole('img', { name: 'Result 1 of 1' })).toHaveAttribute('src', '/files/r1.png');
    },
  );

  it('has no compare view for text to image, nor when the base image is not available', () => {
    mockApi({ '/design/cost': costAnswer() });
    const { stage, rerender } = renderStage(complete({ mode: 'text', baseImage: base }));
    expect(within(stage).queryByText('Compare with base')).not.toBeInTheDocument();
    rerender(complete({ mode: 'iterate', baseImage: null }));
    expect(within(stage).queryByText('Compare with base')).not.toBeInTheDocument();
    expect(within(stage).getByRole('img', { name: 'Result 1 of 1' })).toBeInTheDocument();
  });

  it('compares a batch side by side, and a click puts one result back on the stage', async () => {
    mockApi({ '/design/cost': costAnswer() });
    const results = [1, 2, 3, 4].map(makeResult);
    const { stage, props } = renderStage(complete({ results }));
    await userEvent.click(within(stage).getByText('Compare batch'));
    const grid = within(stage).getByTestId('compare-grid');
    expect(within(grid).getAllByRole('img')).toHaveLength(4);
    expect(grid.style.gridTemplateColumns).toEqual(expect.stringMatching(/^repeat\(2, minmax\(0(px)?, 1fr\)\)$/));
    expect(within(grid).getByRole('button', { name: 'Result 1 of 4' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(grid).getByRole('button', { name: 'Result 3 of 4' }));
    expect(props.onIndex).toHaveBeenCalledWith(2);
    expect(within(stage).queryByTestId('compare-grid')).not.toBeInTheDocument();
  });

  it('opens the full-screen view, which steps between results and closes with Escape', async () => {
    mockApi({ '/design/cost': costAnswer() });
    const { stage, props, rerender } = renderStage(complete({ results: [1, 2].map(makeResult) }));
    await userEvent.click(within(stage).getByRole('button', { name: /Full screen/ }));
    expect(props.onFull).toHaveBeenCalledWith(true);
    rerender(complete({ results: [1, 2].map(makeResult) }), true);
    const full = await screen.findByTestId('stage-fullscreen');
    expect(within(full).getByRole('img', { name: 'Result 1 of 2' })).toHaveAttribute('src', '/files/r1.png');
    await userEvent.click(within(full).getByRole('button', { name: 'Next result' }));
    expect(props.onStep).toHaveBeenCalledWith(1);
    await userEvent.keyboard('{Escape}');
    expect(props.onFull).toHaveBeenCalledWith(false);
  });

  it('shows a running task’s place in line and a Cancel button instead of actions', () => {
    const { stage } = renderStage(makeTask({ state: 'queued', position: 2, estimatedWaitSeconds: 12 }));
    expect(within(stage).getByTestId('queue-info')).toHaveTextContent('No. 2 in line · about 12 s');
    expect(within(stage).getByRole('button', { name: /Cancel/ })).toBeInTheDocument();
    expect(within(stage).queryByTestId('stage-actions')).not.toBeInTheDocument();
  });
});

describe('a task that made fewer images than asked', () => {
  it('says so beside the result with the cubes that came back, and without a refund when a plan paid', async () => {
    mockApi({ '/design/cost': costAnswer() });
    const short = complete({
      shortfall: { asked: 4, delivered: 3, refundedCubes: 1 },
      results: [1, 2, 3].map(makeResult),
    });
    const { rerender } = renderStage(short);
    expect(screen.getByTestId('task-shortfall')).toHaveTextContent('3 of 4 images were made; 1 cube refunded');
    rerender({ ...short, shortfall: { asked: 4, delivered: 3, refundedCubes: 0 } });
    expect(screen.getByTestId('task-shortfall')).toHaveTextContent(/^3 of 4 images were made$/);
    await i18n.changeLanguage('zh');
    rerender({ ...short });
    expect(screen.getByTestId('task-shortfall')).toHaveTextContent('共 4 张，生成了 3 张；已退还 1 个魔方');
    rerender(complete({}));
    expect(screen.queryByTestId('task-shortfall')).toBeNull();
  });
});
