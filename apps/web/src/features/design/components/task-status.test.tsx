import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Task } from '@turing/contract';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { TaskStatus } from './task-status.tsx';
import { makeResult, makeTask } from '../../../test/task-fixtures.ts';

const client = new QueryClient();
const card = (t: Task) => (
  <QueryClientProvider client={client}>
    <TaskStatus task={t} />
  </QueryClientProvider>
);

function renderCard(t: Task) {
  render(card(t));
}

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('a task on the stage before its results', () => {
  it('shows a queued task with its place in line, the estimated wait and a Cancel button', () => {
    renderCard(makeTask({ state: 'queued', position: 2, estimatedWaitSeconds: 12 }));
    expect(screen.getByTestId('task-status')).toHaveAttribute('data-state', 'queued');
    expect(screen.getByTestId('queue-info')).toHaveTextContent(/^No\. 2 in line · about 12 s$/);
    expect(screen.getByRole('button', { name: /Cancel/ })).toBeInTheDocument();
  });

  it('counts the place from 1 for the next task to start, and gives long waits in minutes', () => {
    renderCard(makeTask({ state: 'queued', position: 1, estimatedWaitSeconds: 150 }));
    expect(screen.getByTestId('queue-info')).toHaveTextContent(/^No\. 1 in line · about 3 min$/);
  });

  it('says it is in the queue while its place is not known yet', () => {
    renderCard(makeTask({ state: 'queued', position: null, estimatedWaitSeconds: null }));
    expect(screen.getByTestId('queue-info')).toHaveTextContent(/^In the queue$/);
  });

  it('says the task waits for a generation server instead of estimating the wait', () => {
    renderCard(makeTask({ state: 'queued', position: 3, estimatedWaitSeconds: 40, notice: 'waiting_for_server' }));
    expect(screen.getByTestId('queue-info')).toHaveTextContent(/^No\. 3 in line · Waiting for a generation server$/);
    expect(screen.getByTestId('queue-info')).not.toHaveTextContent('about');
  });

  it('shows the place in line and the notices in Chinese', async () => {
    await i18n.changeLanguage('zh');
    renderCard(makeTask({ state: 'queued', position: 2, estimatedWaitSeconds: 12, notice: 'moved' }));
    expect(screen.getByTestId('queue-info')).toHaveTextContent(/^排队第 2 位 · 约 12 秒$/);
    expect(screen.getByTestId('task-notice')).toHaveTextContent('原服务器出现故障，已转到另一台服务器');
    cleanup();
    renderCard(makeTask({ state: 'queued', position: 1, notice: 'waiting_for_server' }));
    expect(screen.getByTestId('queue-info')).toHaveTextContent(/^排队第 1 位 · 正在等待生成服务器$/);
  });

  it.each(['queued', 'generating'] as const)('notes a %s task that was moved off a failed server', (state) => {
    renderCard(makeTask({ state, position: 1, notice: 'moved' }));
    expect(screen.getByTestId('task-notice')).toHaveTextContent('Its server failed: moved to another server');
  });

  it('drops the moved note once the task has ended', () => {
    renderCard(makeTask({ state: 'complete', notice: 'moved', results: [makeResult(1)] }));
    expect(screen.queryByTestId('task-notice')).not.toBeInTheDocument();
  });

  it('shows no notice for a task that was never moved', () => {
    renderCard(makeTask({ state: 'generating', progress: 10 }));
    expect(screen.queryByTestId('task-notice')).not.toBeInTheDocument();
  });

  it('shows the progress and the preview image while generating', () => {
    renderCard(makeTask({ state: 'generating', progress: 40, previewUrl: '/files/preview.webp' }));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('img', { name: 'Preview of the image being generated' })).toHaveAttribute(
      'src',
      '/files/preview.webp',
    );
  });

  it('keeps the previous preview on screen until the next one has loaded', async () => {
    const generating = (previewUrl: string, progress: number) =>
      makeTask({ state: 'generating', progress, previewUrl });
    const { rerender } = render(card(generating('/files/p1.webp', 20)));
    const preview = () => screen.getByRole('img', { name: 'Preview of the image being generated' });
    expect(preview()).toHaveAttribute('src', '/files/p1.webp');

    rerender(card(generating('/files/p2.webp', 50)));
    // Only one image is announced: the frame still loading is hidden from assistive technology.
    expect(screen.getAllByRole('img', { name: 'Preview of the image being generated' })).toHaveLength(1);
    expect(preview()).toHaveAttribute('src', '/files/p1.webp');
    const next = screen.getByTestId('preview-next');
    expect(next).toHaveAttribute('src', '/files/p2.webp');
    expect(next).toHaveAttribute('aria-hidden', 'true');

    fireEvent.load(next);
    await waitFor(() => expect(preview()).toHaveAttribute('src', '/files/p2.webp'));
    // The loaded element itself takes the place: nothing is fetched or decoded again.
    expect(preview()).toBe(next);
    expect(screen.queryByTestId('preview-next')).not.toBeInTheDocument();
  });

  it('skips a frame overtaken by a newer one while it was being decoded', async () => {
    const generating = (previewUrl: string) => makeTask({ state: 'generating', progress: 50, previewUrl });
    const preview = () => screen.getByRole('img', { name: 'Preview of the image being generated' });
    const { rerender } = render(card(generating('/files/p1.webp')));
    rerender(card(generating('/files/p2.webp')));
    fireEvent.load(screen.getByTestId('preview-next'));
    rerender(card(generating('/files/p3.webp')));
    await act(async () => {});
    expect(preview()).toHaveAttribute('src', '/files/p1.webp');
    const next = screen.getByTestId('preview-next');
    expect(next).toHaveAttribute('src', '/files/p3.webp');
    fireEvent.load(next);
    await waitFor(() => expect(preview()).toHaveAttribute('src', '/files/p3.webp'));
  });

  it.each([
    [
      'timed_out',
      'TASK_TIMED_OUT',
      'The task timed out and was cancelled, your cubes were refunded; please submit it again',
    ],
    ['lost', 'TASK_LOST', 'The task was cancelled, your cubes were refunded'],
    [
      'lost',
      'TASK_MODERATED',
      'The image provider refused this prompt or image; your cubes were refunded. Please change the prompt or the image',
    ],
    ['cancelled', 'TASK_LOST', 'The task was cancelled, your cubes were refunded'],
  ] as const)('shows why a %s task ended, in the server’s words', (state, code, msg) => {
    renderCard(makeTask({ state, error: { code, msg } }));
    expect(screen.getByTestId('task-error')).toHaveTextContent(msg);
    expect(screen.queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
  });

  it('says when the Chinese text was sent untranslated', () => {
    renderCard(makeTask({ state: 'generating', translation: 'unavailable' }));
    expect(screen.getByText('Translation was unavailable: the Chinese text was sent as typed.')).toBeInTheDocument();
  });
});
