import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Task } from '@turing/contract';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { mockApi, renderInApp } from '../../../test/render-app.tsx';
import { TaskHistory } from './task-history.tsx';

const task: Task = {
  id: '00000000-0000-4000-8000-000000000001',
  state: 'complete',
  seq: 3,
  params: { mode: 'edit', prompt: 'Brick arcade', quality: 'HD' },
  mode: 'edit',
  engine: 'preview',
  promptOriginal: 'Brick arcade',
  promptSent: 'Brick arcade',
  translation: 'not_needed',
  position: null,
  estimatedWaitSeconds: null,
  progress: 100,
  previewUrl: null,
  notice: null,
  results: [{ id: 'r1', url: '/f/1.png', thumbUrl: '/f/1-t.png', width: 10, height: 10, seed: 5 }],
  baseImage: null,
  cost: { cubes: 1, coveredByPlan: false, refunded: false },
  shortfall: null,
  error: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  startedAt: null,
  finishedAt: null,
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the task history', () => {
  it('says the history could not be loaded', async () => {
    mockApi({ '/design/task/list': { status: 500, msg: 'boom', code: 'INTERNAL' } });
    renderInApp(<TaskHistory />);
    expect(await screen.findByText('The history could not be loaded, please try again later')).toBeInTheDocument();
  });

  it('lists tasks with mode, state and results, and opens one in its studio page with its parameters', async () => {
    mockApi({ '/design/task/list': { data: { items: [task], nextCursor: null } } });
    const { router } = renderInApp(<TaskHistory />);
    expect(await screen.findByText('Advanced editing')).toBeInTheDocument();
    expect(screen.getByText('Complete')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Result 1 of the task' })).toHaveAttribute('src', '/f/1-t.png');
    await userEvent.click(screen.getByRole('button', { name: /Open in studio/ }));
    expect(router.state.location.pathname).toBe('/design/step-editing');
    expect(router.state.location.state).toEqual({ params: task.params });
  });

  it('says when fewer images were made than asked, and what came back, in both languages', async () => {
    const short: Task = { ...task, shortfall: { asked: 4, delivered: 3, refundedCubes: 2 } };
    mockApi({ '/design/task/list': { data: { items: [short, { ...task, id: `${task.id.slice(0, -1)}2` }] } } });
    renderInApp(<TaskHistory />);
    expect(await screen.findByText(/3 of 4 images were made; 2 cubes refunded/)).toBeInTheDocument();
    expect(screen.getAllByTestId('task-shortfall')).toHaveLength(1);
    cleanup();
    await i18n.changeLanguage('zh');
    mockApi({ '/design/task/list': { data: { items: [short], nextCursor: null } } });
    renderInApp(<TaskHistory />);
    expect(await screen.findByText(/共 4 张，生成了 3 张；已退还 2 个魔方/)).toBeInTheDocument();
  });
});
