import type { Task, TaskResult } from '@turing/contract';

/** A task as the server answers it, for component tests; `over` sets what a test is about. */
export const makeTask = (over: Partial<Task> = {}): Task => ({
  id: '00000000-0000-4000-8000-000000000001',
  state: 'queued',
  seq: 1,
  params: { count: 2 },
  mode: 'text',
  engine: 'preview',
  promptOriginal: 'A timber pavilion',
  promptSent: 'A timber pavilion',
  translation: 'not_needed',
  position: null,
  estimatedWaitSeconds: null,
  progress: 0,
  previewUrl: null,
  notice: null,
  results: [],
  baseImage: null,
  cost: { cubes: 2, coveredByPlan: false, refunded: false },
  shortfall: null,
  error: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  ...over,
});

export const makeResult = (n: number): TaskResult => ({
  id: `r${n}`,
  url: `/files/r${n}.png`,
  thumbUrl: `/files/r${n}.webp`,
  width: 768,
  height: 576,
  seed: 1000 + n,
});
