import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Task } from '@turing/contract';
import { ResultCard } from './result-card.tsx';
import { makeResult, makeTask } from './test-task.ts';

function renderCard(t: Task, onOpen = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ResultCard task={t} onOpen={onOpen} />
    </QueryClientProvider>,
  );
  return onOpen;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a result card', () => {
  it('shows a queued task with its place in the queue, the estimated wait and a Cancel button', () => {
    renderCard(makeTask({ state: 'queued', position: 2, estimatedWaitSeconds: 12 }));
    expect(screen.getByText('Queued')).toBeInTheDocument();
    expect(screen.getByTestId('queue-info')).toHaveTextContent('In the queue: 2 tasks ahead · about 12 s');
    expect(screen.getByRole('button', { name: /Cancel/ })).toBeInTheDocument();
  });

  it('shows the progress and the preview image while generating', () => {
    renderCard(makeTask({ state: 'generating', progress: 40, previewUrl: '/files/preview.webp' }));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('img', { name: 'Preview of the image being generated' })).toHaveAttribute(
      'src',
      '/files/preview.webp',
    );
  });

  it('shows the results of a complete task and opens the one clicked', async () => {
    const results = [1, 2].map(makeResult);
    const onOpen = renderCard(makeTask({ state: 'complete', progress: 100, results }));
    expect(screen.queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Result 2 of 2' }));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ state: 'complete' }), 1);
  });

  it.each([
    [
      'timed_out',
      'TASK_TIMED_OUT',
      'The task timed out and was cancelled, your cubes were refunded; please submit it again',
    ],
    ['lost', 'TASK_LOST', 'The task was cancelled, your cubes were refunded'],
    ['cancelled', 'TASK_LOST', 'The task was cancelled, your cubes were refunded'],
  ] as const)('shows why a %s task ended, in the server’s words', (state, code, msg) => {
    renderCard(makeTask({ state, error: { code, msg } }));
    expect(screen.getByTestId('task-error')).toHaveTextContent(msg);
  });

  it('says when the Chinese text was sent untranslated', () => {
    renderCard(makeTask({ state: 'generating', translation: 'unavailable' }));
    expect(screen.getByText('Translation was unavailable: the Chinese text was sent as typed.')).toBeInTheDocument();
  });
});
