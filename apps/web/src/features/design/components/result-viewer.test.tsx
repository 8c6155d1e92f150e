import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Task } from '@turing/contract';
import { ResultViewer } from './result-viewer.tsx';
import { makeResult, makeTask } from './test-task.ts';

const base = { url: '/files/base.png?sig=b', thumbUrl: '/files/base.thumb.webp?sig=t' };

function renderViewer(task: Task) {
  const handlers = {
    onUseAsBase: vi.fn(),
    onEditRegion: vi.fn(),
    onUpscale: vi.fn(),
    onRegenerate: vi.fn(),
    onCopyParams: vi.fn(),
  };
  render(<ResultViewer task={task} index={0} onIndex={vi.fn()} onClose={vi.fn()} {...handlers} />);
  return screen.getByTestId('result-viewer');
}

const complete = (over: Partial<Task>) =>
  makeTask({ state: 'complete', progress: 100, results: [makeResult(1)], ...over });

afterEach(cleanup);

describe('the result viewer', () => {
  it.each(['iterate', 'edit', 'upscale'] as const)(
    'compares a %s result with the base image the task carries',
    async (mode) => {
      const viewer = renderViewer(complete({ mode, baseImage: base }));
      const compare = within(viewer).getByTestId('compare');
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

      await userEvent.click(within(viewer).getByText('Full image'));
      expect(within(viewer).queryByTestId('compare')).not.toBeInTheDocument();
      expect(within(viewer).getByRole('img', { name: 'Result 1 of 1' })).toHaveAttribute('src', '/files/r1.png');
      expect(within(viewer).queryByRole('img', { name: 'Before' })).not.toBeInTheDocument();
    },
  );

  it('has no compare view for text to image', () => {
    const viewer = renderViewer(complete({ mode: 'text', baseImage: null }));
    expect(within(viewer).queryByTestId('compare')).not.toBeInTheDocument();
    expect(within(viewer).queryByText('Compare')).not.toBeInTheDocument();
    expect(within(viewer).getByRole('img', { name: 'Result 1 of 1' })).toBeInTheDocument();
  });

  it('shows the full image when the base image is not available', () => {
    const viewer = renderViewer(complete({ mode: 'iterate', baseImage: null }));
    expect(within(viewer).queryByTestId('compare')).not.toBeInTheDocument();
    expect(within(viewer).getByRole('img', { name: 'Result 1 of 1' })).toBeInTheDocument();
  });
});
