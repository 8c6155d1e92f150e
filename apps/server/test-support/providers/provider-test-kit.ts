import sharp from 'sharp';
import type { Engine, EngineEvent, EngineRunContext, EngineTask } from '../../src/generation/engine.ts';

/** Short pauses so the engine tests end quickly; the deadline is only a bound, never asserted on. */
export const FAST = { timeoutMs: 20_000, pollMs: 5, maxPollMs: 20, retryMs: 5, maxRetryMs: 20, requestMs: 2_000 };

export async function png(width: number, height: number, grey = 128): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: grey, g: grey, b: grey } } })
    .png()
    .toBuffer();
}

export function makeTask(over: Partial<EngineTask> = {}): EngineTask {
  return {
    id: 'task-1',
    attempt: 1,
    mode: 'text',
    type: 'architectural',
    model: 'architecture',
    prompt: 'a timber pavilion by a lake',
    negativePrompt: 'blurry',
    width: 1024,
    height: 768,
    count: 1,
    quality: 'HD',
    seed: 42,
    imageWeight: 0.5,
    textWeight: 0.7,
    controlStrength: 0.6,
    tags: { style: [], material: [], function: [] },
    images: {},
    ...over,
  };
}

export interface TestContext extends EngineRunContext {
  events: EngineEvent[];
  controller: AbortController;
  /** Resolves once the engine recorded `n` accepted jobs. */
  accepted(n?: number): Promise<{ server: string; ref: string }>;
}

export function makeContext(): TestContext {
  const controller = new AbortController();
  const events: EngineEvent[] = [];
  const waiters: { n: number; resolve: (e: { server: string; ref: string }) => void }[] = [];
  const jobsIn = (ref: string) => (JSON.parse(ref) as { jobs: unknown[] }).jobs.length;
  return {
    signal: controller.signal,
    controller,
    events,
    onEvent(e) {
      events.push(e);
      if (e.type !== 'accepted') return;
      for (const w of waiters.splice(0)) {
        if (jobsIn(e.ref) >= w.n) w.resolve(e);
        else waiters.push(w);
      }
    },
    accepted(n = 1) {
      const seen = events.filter((e) => e.type === 'accepted').find((e) => jobsIn(e.ref) >= n);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ n, resolve }));
    },
  };
}

/** Runs the task and returns the result or the error (never an unheard rejection). */
export function settle<T>(p: Promise<T>): Promise<T | Error> {
  return p.catch((err: unknown) => err as Error);
}

export async function sizeOf(image: Buffer) {
  const meta = await sharp(image).metadata();
  return { width: meta.width, height: meta.height, format: meta.format };
}

const engines: Engine[] = [];
const closers: (() => Promise<void>)[] = [];
export function track<E extends Engine>(engine: E): E {
  engines.push(engine);
  return engine;
}
export function onCleanup(fn: () => Promise<void>) {
  closers.push(fn);
}
export async function cleanup() {
  await Promise.all(engines.splice(0).map((e) => e.close()));
  await Promise.all(closers.splice(0).map((fn) => fn()));
}
