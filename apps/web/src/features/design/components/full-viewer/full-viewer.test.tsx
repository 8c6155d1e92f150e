import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Task } from '@turing/contract';
import { i18n } from '../../../../shared/i18n/i18n.ts';
import { installViewport } from '../../../../test/fake-konva.ts';
import { mockApi } from '../../../../test/render-app.tsx';
import { costAnswer } from '../../../../test/render-studio.tsx';
import { makeResult, makeTask } from '../../../../test/task-fixtures.ts';
import { ResultStage } from '../result-stage.tsx';

/** A large result (2048 × 1536) in a 1000 × 600 viewer: the whole image shows at 39 %. */
const big = (n: number) => ({ ...makeResult(n), width: 2048, height: 1536 });
const base = { url: '/files/base.png', thumbUrl: '/files/base.webp' };

function renderFull(task: Task) {
  const onStep = vi.fn();
  const handlers = {
    onUseAsBase: vi.fn(),
    onEditRegion: vi.fn(),
    onUpscale: vi.fn(),
    onRegenerate: vi.fn(),
    onCopyParams: vi.fn(),
  };
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ResultStage
          task={task}
          index={0}
          onIndex={vi.fn()}
          onStep={onStep}
          canStep={{ prev: true, next: true }}
          full
          onFull={vi.fn()}
          handlers={handlers}
        />
      </QueryClientProvider>
    </ConfigProvider>,
  );
  const full = screen.getByTestId('stage-fullscreen');
  return {
    full,
    onStep,
    level: () => within(full).getByTestId('zoom-level'),
    viewer: () => within(full).getByRole('group', { name: 'Image: scroll to zoom, drag to move' }),
    /** The offset and scale of an image, as its style places it. */
    placed(img: HTMLElement) {
      // As the style keeps it: `calc(-50% - 32.3668px)` for an offset of −32.3668.
      const m = /translate\(calc\(-50% ([+-]) ([\d.]+)px\), calc\(-50% ([+-]) ([\d.]+)px\)\) scale\(([\d.]+)\)/.exec(
        img.style.transform,
      );
      if (!m) throw new Error(`unplaced: ${img.style.transform}`);
      const signed = (sign: string, n: string) => (sign === '-' ? -Number(n) : Number(n));
      return { x: signed(m[1]!, m[2]!), y: signed(m[3]!, m[4]!), scale: Number(m[5]) };
    },
  };
}

const complete = (over: Partial<Task> = {}) =>
  makeTask({ state: 'complete', progress: 100, results: [big(1), big(2)], ...over });

beforeEach(() => {
  mockApi({ '/design/cost': costAnswer() });
  installViewport(1000, 600);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('the full-screen viewer', () => {
  it('opens on the whole image and zooms with the keys: + −, 1 for actual pixels, 0 to fit', async () => {
    const { full, level } = renderFull(complete());
    expect(within(full).getByRole('img', { name: 'Result 1 of 2' })).toHaveAttribute('src', '/files/r1.png');
    expect(level()).toHaveTextContent('Zoom 39 %');
    expect(within(full).getByRole('button', { name: 'Fit' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.keyboard('1');
    expect(level()).toHaveTextContent('100 %');
    expect(within(full).getByRole('button', { name: '100 %' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.keyboard('+');
    expect(level()).toHaveTextContent('125 %');
    await userEvent.keyboard('-');
    expect(level()).toHaveTextContent('100 %');
    await userEvent.keyboard('0');
    expect(level()).toHaveTextContent('39 %');
    // Never smaller than the whole image.
    expect(within(full).getByRole('button', { name: 'Zoom out' })).toBeDisabled();
  });

  it('has named buttons for the same', async () => {
    const { full, level } = renderFull(complete());
    const tools = within(full).getByRole('toolbar', { name: 'Zoom' });
    await userEvent.click(within(tools).getByRole('button', { name: 'Zoom in' }));
    expect(level()).toHaveTextContent('49 %');
    await userEvent.click(within(tools).getByRole('button', { name: '100 %' }));
    expect(level()).toHaveTextContent('100 %');
    await userEvent.click(within(tools).getByRole('button', { name: 'Zoom out' }));
    expect(level()).toHaveTextContent('80 %');
    await userEvent.click(within(tools).getByRole('button', { name: 'Fit' }));
    expect(level()).toHaveTextContent('39 %');
  });

  it('zooms around the cursor with the wheel', () => {
    const { full, viewer, placed } = renderFull(complete());
    const img = within(full).getByRole('img', { name: 'Result 1 of 2' });
    fireEvent.keyDown(window, { key: '1' });
    const before = placed(img);
    // jsdom lays nothing out: the viewer's centre is at the page's origin.
    const at = { x: 200, y: 100 };
    fireEvent.wheel(viewer(), { deltaY: -100, clientX: at.x, clientY: at.y });
    const after = placed(img);
    expect(after.scale).toBeGreaterThan(before.scale);
    expect((at.x - after.x) / after.scale).toBeCloseTo((at.x - before.x) / before.scale);
    expect((at.y - after.y) / after.scale).toBeCloseTo((at.y - before.y) / before.scale);
  });

  it('moves a zoomed image by dragging and with the arrows, which then no longer step between results', async () => {
    const { full, viewer, placed, onStep } = renderFull(complete());
    const img = within(full).getByRole('img', { name: 'Result 1 of 2' });
    const page = vi.fn();
    document.addEventListener('keydown', page);
    try {
      // At fit the arrows are the page's (the studio steps along the film strip with them).
      fireEvent.keyDown(viewer(), { key: 'ArrowRight' });
      expect(page).toHaveBeenCalledTimes(1);
      expect(placed(img)).toMatchObject({ x: 0, y: 0 });

      await userEvent.keyboard('1');
      await userEvent.pointer([
        { keys: '[MouseLeft>]', target: viewer(), coords: { clientX: 500, clientY: 300 } },
        { target: viewer(), coords: { clientX: 400, clientY: 250 } },
        { keys: '[/MouseLeft]', target: viewer(), coords: { clientX: 400, clientY: 250 } },
      ]);
      expect(placed(img)).toMatchObject({ x: -100, y: -50, scale: 1 });

      page.mockClear();
      fireEvent.keyDown(viewer(), { key: 'ArrowLeft' });
      // A tenth of the viewer's width, towards the image's left edge.
      expect(placed(img)).toMatchObject({ x: 0, y: -50 });
      expect(page).not.toHaveBeenCalled();
      expect(onStep).not.toHaveBeenCalled();
    } finally {
      document.removeEventListener('keydown', page);
    }
  });

  it('zooms the result and its base together in the compare view, with the split on a slider', async () => {
    const { full, placed, level } = renderFull(complete({ mode: 'iterate', baseImage: base, results: [big(1)] }));
    expect(within(full).queryByRole('img', { name: 'Before' })).not.toBeInTheDocument();
    await userEvent.click(within(full).getByText('Compare with base'));
    const before = within(full).getByRole('img', { name: 'Before' });
    const after = within(full).getByRole('img', { name: 'Result 1 of 1' });
    expect(before).toHaveAttribute('src', base.url);
    // The keys work with the focus still on the view switch just used.
    await userEvent.keyboard('1');
    expect(level()).toHaveTextContent('100 %');
    expect(placed(before)).toEqual(placed(after));

    const split = within(full).getByRole('slider', { name: 'Compare' });
    fireEvent.change(split, { target: { value: '30' } });
    expect(before.parentElement!.style.clipPath).toMatch(/^inset\(0(px)? 70% /);
    // The slider keeps its arrows: they move the split, not the image.
    const x = placed(after).x;
    fireEvent.keyDown(split, { key: 'ArrowRight' });
    expect(placed(after).x).toBe(x);
  });

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh');
    const { full } = renderFull(complete());
    expect(within(full).getByRole('toolbar', { name: '缩放' })).toBeInTheDocument();
    expect(within(full).getByRole('button', { name: '放大' })).toBeInTheDocument();
    expect(within(full).getByRole('button', { name: '适应窗口' })).toBeInTheDocument();
  });
});
