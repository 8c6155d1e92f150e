import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { taskParams, type TaskParamsInput } from '@turing/contract';
import { loadConfig } from '../../config.ts';
import type { UploadRow } from '../../db/schema/index.ts';
import { createTaskLifecycle } from '../../generation/lifecycle/index.ts';
import { generationSettings } from '../../generation/settings.ts';
import { AppError } from '../../shared/app-error.ts';
import { createMemoryLedger } from '../../../test-support/fakes/ledger.memory.ts';
import { createMemoryStore, type MemoryStore } from '../../../test-support/fakes/memory-store.ts';
import { createMemoryTasks, type MemoryTasks } from '../../../test-support/fakes/tasks.memory.ts';
import { createLedgerService } from '../billing/ledger.service.ts';
import { createTaskPayloads } from './task-payload.ts';
import { createTaskService, type TaskServiceDeps } from './task.service.ts';

// What a submit is refused for and what it costs, on in-memory tasks and ledger (no database, no
// engine): the model's capabilities first, then the caller's images and folder, then the price
// and the cap on running tasks, charged in the transaction that creates the task; and the place
// in line each task is told.

const WELCOME = 20;
const CAP = 2;
// The product's own models at COST_CUBES (SD 1, HD 2, FHD 4), no reference image in text mode; Wan
// on its own engine (no depth or line art, four images at most); FLUX without its key is not set up here.
const settings = generationSettings(
  loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused', DASHSCOPE_API_KEY: 'sk-test', WORKER_CONCURRENCY: '1' }),
);

let store: MemoryStore;
let ledger: ReturnType<typeof createMemoryLedger>;
let memory: MemoryTasks;
let images: Map<string, UploadRow>;
let reads: string[];
let cancelled: string[];
let down: Set<string>;
let tasks: ReturnType<typeof createTaskService>;
/** Each user's own folder. */
const folders = new Map([['ann', randomUUID()]]);

function image(userId: string, kind = 'base'): UploadRow {
  const row = {
    id: randomUUID(),
    userId,
    kind,
    key: `private/${kind}/${randomUUID()}.png`,
    mime: 'image/png',
    width: 512,
    height: 384,
    bytes: 1000,
    thumbKey: null,
    contentHash: null,
    taskId: null,
    createdAt: store.now(),
  };
  images.set(row.id, row);
  return row;
}

beforeEach(() => {
  store = createMemoryStore();
  ledger = createMemoryLedger(store);
  memory = createMemoryTasks(store);
  images = new Map();
  reads = [];
  cancelled = [];
  down = new Set();
  const ledgerService = createLedgerService({
    ledger: ledger.scoped,
    transaction: store.transaction,
    welcomeCubes: WELCOME,
    activeCap: CAP,
  });
  const uploads = {
    url: (key: string) => `/files/${key}`,
    ownedImageUrls: async () => new Map(),
  };
  const generated: TaskServiceDeps['images'] = {
    read: async () => null,
    save: () => Promise.reject(new Error('no line art is drawn in these rules')),
    resultsOf: async () => [],
  };
  const deps: TaskServiceDeps = {
    tasks: memory.reads,
    settings,
    ledger: ledgerService,
    catalogue: { tagPrompts: async () => [], packagesFor: async () => [] },
    uploads: {
      async getOwnedAny(id, userId) {
        reads.push(id);
        const row = images.get(id);
        if (!row || row.userId !== userId) throw new AppError('UPLOAD_NOT_FOUND');
        return row;
      },
    },
    images: generated,
    payloads: createTaskPayloads({
      tasks: memory.scopedReads,
      settings,
      uploads,
      images: generated,
      capacity: async () => undefined,
    }),
    lifecycle: createTaskLifecycle({
      states: memory.scopedStates,
      transaction: store.transaction,
      databaseKind: 'pglite',
      planLaneShare: settings.planLaneShare,
      ledger: ledgerService,
      publish: async () => {},
      announcement: () => null,
      enqueue: async () => {},
      log: { warn: () => {} },
    }),
    translator: null,
    canCancelRunning: (engine) => engine !== 'wan',
    engineAvailable: async (engine) => !down.has(engine),
    cancelRunning: async (id) => void cancelled.push(id),
    assertFolder: async (userId, folderId) => {
      if (folders.get(userId) !== folderId) throw new AppError('FOLDER_NOT_FOUND');
    },
  };
  tasks = createTaskService(deps);
});

const params = (p: Partial<TaskParamsInput> = {}) => taskParams.parse({ mode: 'text', prompt: 'a villa', ...p });
/** A submit a moment after the one before, so the line has an order. */
const submit = (userId: string, p: Partial<TaskParamsInput> = {}) => {
  store.advance(1000);
  return tasks.submit(userId, params(p), 'en');
};
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: AppError) => ({ code: err.code, params: err.params, details: err.details }),
  );
const codeOf = async (promise: Promise<unknown>) => (await failure(promise))?.code ?? 'resolved';
const cubesOf = (userId: string) => ledger.accounts.get(userId)?.cubes;
const activeOf = (userId: string) => ledger.accounts.get(userId)?.activeTasks ?? 0;

describe('what a model cannot do', () => {
  it('is refused before anything is read, charged or stored', async () => {
    const base = image('ann');
    const refusals: [Partial<TaskParamsInput>, string][] = [
      [{ model: 'flux-pro' }, 'MODEL_UNAVAILABLE'],
      [{ model: 'wan', count: 5 }, 'MODEL_COUNT_TOO_HIGH'],
      [{ model: 'wan', mode: 'iterate', baseImageId: base.id, depthImageId: base.id }, 'MODEL_DEPTH_UNSUPPORTED'],
      [{ model: 'architecture', referenceImageId: base.id }, 'MODEL_REFERENCE_UNSUPPORTED'],
      [{ model: 'wan', mode: 'iterate', baseImageId: base.id, renderMode: 'neural' }, 'MODEL_LINE_ART_UNSUPPORTED'],
      [{ model: 'wan', mode: 'upscale', baseImageId: base.id, upscale: 4 }, 'resolved'],
    ];
    for (const [p, code] of refusals) expect(await codeOf(submit('ann', p)), JSON.stringify(p)).toBe(code);
    // Only the upscale (made by the built-in upscaler) got as far as reading its image.
    expect(reads).toEqual([base.id]);
    expect(memory.rows.size).toBe(1);
  });

  it('names the limit it hit', async () => {
    expect(await failure(submit('ann', { model: 'wan', count: 5 }))).toMatchObject({ params: { max: 4 } });
  });
});

describe('what a submit checks before it charges', () => {
  it('refuses images and folders that are not the caller’s, an engine that is down, a too large upscale', async () => {
    const theirs = image('bob');
    expect(await codeOf(submit('ann', { mode: 'iterate', baseImageId: theirs.id }))).toBe('UPLOAD_NOT_FOUND');
    expect(await codeOf(submit('ann', { folderId: randomUUID() }))).toBe('FOLDER_NOT_FOUND');
    down.add('preview');
    expect(await codeOf(submit('ann'))).toBe('ENGINE_UNAVAILABLE');
    down.clear();
    const big = image('ann');
    big.width = settings.upscaleMaxSide;
    expect(await failure(submit('ann', { mode: 'upscale', baseImageId: big.id, upscale: 2 }))).toMatchObject({
      code: 'UPSCALE_TOO_LARGE',
      params: { max: settings.upscaleMaxSide },
    });
    expect(memory.rows.size).toBe(0);
    expect(ledger.entries.size).toBe(0);
  });

  it('files into the caller’s own folder', async () => {
    const task = await submit('ann', { folderId: folders.get('ann') });
    expect(memory.rows.get(task.id)!.folderId).toBe(folders.get('ann'));
  });
});

describe('the price', () => {
  it('is the model’s price per image at the quality, charged with the task once', async () => {
    const task = await submit('ann', { quality: 'HD', count: 3 });
    expect(task.cost).toEqual({ cubes: 6, coveredByPlan: false, refunded: false });
    expect(cubesOf('ann')).toBe(WELCOME - 6);
    expect([...ledger.entries.values()].filter((e) => e.kind === 'charge').map((e) => e.cubes)).toEqual([-6]);
  });

  it('refuses a task the balance does not cover, naming the largest variant that fits, and changes nothing', async () => {
    await ledger.scoped.pool.ensureAccount('ann', 5);
    const refused = await failure(submit('ann', { quality: 'FHD', count: 2 }));
    expect(refused).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      params: { need: 8, have: 5 },
      details: { need: 8, have: 5, fits: { count: 1, quality: 'FHD', cubes: 4 } },
    });
    expect(cubesOf('ann')).toBe(5);
    expect(activeOf('ann')).toBe(0);
    expect(memory.rows.size).toBe(0);
  });

  it('is previewed the same way, and costs nothing while a time plan runs', async () => {
    await ledger.scoped.pool.ensureAccount('ann', 5);
    expect(await tasks.cost('ann', params({ quality: 'FHD', count: 2 }))).toMatchObject({
      cubes: 8,
      enough: false,
      fits: { count: 1, quality: 'FHD', cubes: 4 },
    });
    ledger.accounts.get('ann')!.planUntil = new Date('2100-01-01T00:00:00Z');
    expect(await tasks.cost('ann', params({ quality: 'FHD', count: 2 }))).toMatchObject({
      cubes: 0,
      coveredByPlan: true,
      enough: true,
    });
    const task = await submit('ann', { quality: 'FHD', count: 2 });
    expect(task.cost).toEqual({ cubes: 0, coveredByPlan: true, refunded: false });
    expect(cubesOf('ann')).toBe(5);
  });
});

describe('the cap on running tasks', () => {
  it('refuses a task past USER_ACTIVE_TASKS_MAX, and takes one again once a task ends', async () => {
    const first = await submit('ann');
    await submit('ann');
    expect(await failure(submit('ann'))).toMatchObject({ code: 'TOO_MANY_TASKS', params: { max: CAP } });
    expect(cubesOf('ann')).toBe(WELCOME - 2);
    // Another user is not held back by it.
    await submit('bob');
    const ended = await tasks.cancel('ann', first.id, 'en');
    expect(ended).toMatchObject({ state: 'cancelled', cost: { refunded: true } });
    expect(cubesOf('ann')).toBe(WELCOME - 1);
    await submit('ann');
    expect(activeOf('ann')).toBe(CAP);
  });
});

describe('a place in line', () => {
  it('counts the engine’s tasks queued ahead and rounds of its workers at the kind’s average time', async () => {
    const made = [await submit('ann'), await submit('bob'), await submit('cat')];
    // One worker, nothing running, no run timed yet: 8 s a run is assumed.
    expect(made.map((t) => [t.state, t.position, t.estimatedWaitSeconds])).toEqual([
      ['queued', 1, 0],
      ['queued', 2, 8],
      ['queued', 3, 16],
    ]);
    memory.averages.set('text/preview/SD', 30);
    await tasks.cancel('ann', made[0]!.id, 'en');
    expect(await tasks.get('cat', made[2]!.id, 'en')).toMatchObject({ position: 2, estimatedWaitSeconds: 30 });
    // A task of another engine is in another line.
    expect(await submit('ann', { model: 'wan' })).toMatchObject({ position: 1, estimatedWaitSeconds: 0 });
  });
});

describe('reading and cancelling', () => {
  it('never shows or cancels another user’s task', async () => {
    const task = await submit('ann');
    expect(await codeOf(tasks.get('bob', task.id, 'en'))).toBe('TASK_NOT_FOUND');
    expect(await codeOf(tasks.cancel('bob', task.id, 'en'))).toBe('TASK_NOT_FOUND');
    expect(memory.rows.get(task.id)!.state).toBe('queued');
  });

  it('stops a running task through its engine when it can, and refuses when it cannot', async () => {
    const running = await submit('ann');
    memory.rows.get(running.id)!.state = 'generating';
    expect((await tasks.cancel('ann', running.id, 'en')).state).toBe('generating');
    expect(memory.rows.get(running.id)!.cancelRequested).toBe(true);
    expect(cancelled).toEqual([running.id]);
    const wan = await submit('bob', { model: 'wan' });
    memory.rows.get(wan.id)!.state = 'generating';
    expect(await codeOf(tasks.cancel('bob', wan.id, 'en'))).toBe('CANNOT_CANCEL');
    expect(cancelled).toEqual([running.id]);
  });

  it('answers a finished task as it is', async () => {
    const task = await submit('ann');
    await tasks.cancel('ann', task.id, 'en');
    expect(await tasks.cancel('ann', task.id, 'en')).toMatchObject({ state: 'cancelled' });
    expect(cubesOf('ann')).toBe(WELCOME);
  });
});
