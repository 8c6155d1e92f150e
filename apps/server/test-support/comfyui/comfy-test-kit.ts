import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Engine, EngineEvent, EngineRunContext, EngineTask } from '../../src/generation/engine.ts';
import { createComfyEngine, type ComfyEngineOptions } from '../../src/generation/engines/comfyui/comfy-engine.ts';
import { FakeComfyServer, type FakeComfyOptions } from './fake-comfy-server.ts';

/** Shared set-up of the engine tests: fakes and engines made here are closed by `cleanup()`. */
export const MODELS = {
  checkpoint: 'arch-v1.safetensors',
  checkpointBeta: 'arch-v2-beta.safetensors',
  controlnetDepth: 'depth.safetensors',
  controlnetLineArt: 'lineart.safetensors',
  upscaleModel: '4x-ultrasharp.pth',
};

/** MODELS with a reference going through IP-Adapter (COMFYUI_IPADAPTER_MODEL and its CLIP vision model). */
export const IPADAPTER_MODELS = {
  ...MODELS,
  ipadapter: 'ip-adapter-plus_sdxl_vit-h.safetensors',
  clipVision: 'CLIP-ViT-H-14-laion2B-s32B-b79K.safetensors',
};

const fakes: FakeComfyServer[] = [];
const engines: Engine[] = [];

export async function startFake(options: FakeComfyOptions = {}): Promise<FakeComfyServer> {
  const fake = await FakeComfyServer.start(options);
  fakes.push(fake);
  return fake;
}

/**
 * Small watchdog and probe settings so fault tests end quickly (the hang floor keeps its default:
 * tests of hangs lower it). No test asserts on timings beyond the few seconds the caller is promised.
 */
const FAST: Partial<ComfyEngineOptions> = {
  stallMs: 60,
  pollMs: 20,
  timeoutMs: 5_000,
  probeMs: 50,
  idleProbeMs: 500,
  // A deadline for a local server's answer, not a timing: a busy test machine answers slowly.
  probeTimeoutMs: 3_000,
  downRetryMs: 50,
  downRetryMaxMs: 200,
  queueRefreshMs: 20,
};

/**
 * Waits until the engine runs the task. A run that ends first (say, no server took it) fails the
 * test at once with its own error, instead of leaving it waiting and the run's rejection unheard.
 */
export async function untilRunning(ctx: { running: Promise<void> }, run: Promise<unknown>): Promise<void> {
  const ended = run.then(() => {
    throw new Error('the run ended before the task was running');
  });
  await Promise.race([ctx.running, ended]);
}

export function startEngine(urls: string[], options: Partial<ComfyEngineOptions> = {}): Engine {
  const engine = createComfyEngine({ urls, models: MODELS, ...FAST, ...options });
  engines.push(engine);
  return engine;
}

export async function cleanup(): Promise<void> {
  await Promise.all(engines.splice(0).map((e) => e.close()));
  await Promise.all(fakes.splice(0).map((f) => f.close()));
}

export function makeTask(over: Partial<EngineTask> = {}): EngineTask {
  return {
    id: randomUUID(),
    attempt: 1,
    mode: 'text',
    type: 'architectural',
    model: 'architecture',
    prompt: 'a timber pavilion by a lake',
    negativePrompt: 'blurry',
    width: 512,
    height: 384,
    count: 2,
    quality: 'SD',
    seed: 42,
    imageWeight: 0.5,
    textWeight: 0.5,
    controlStrength: 0.6,
    tags: { style: [], material: [], function: [] },
    images: {},
    ...over,
  };
}

export interface RecordingContext extends EngineRunContext {
  events: EngineEvent[];
  controller: AbortController;
  /** Resolves at the first progress event (the prompt runs on the server). */
  running: Promise<void>;
}

/** The run's queue and start events, in order: what a user sees of its waiting. */
export function waitingEvents(ctx: RecordingContext): string[] {
  return ctx.events.flatMap((e) =>
    e.type === 'queued' ? [`queued ${e.ahead}`] : e.type === 'started' ? ['started'] : [],
  );
}

export function makeContext(avoidServers?: string[]): RecordingContext {
  const controller = new AbortController();
  const events: EngineEvent[] = [];
  let markRunning!: () => void;
  const running = new Promise<void>((resolve) => (markRunning = resolve));
  return {
    signal: controller.signal,
    controller,
    events,
    running,
    avoidServers,
    onEvent(event) {
      events.push(event);
      if (event.type === 'progress') markRunning();
    },
  };
}

export async function png(width = 16, height = 16, grey = 128): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: grey, g: grey, b: grey } } })
    .png()
    .toBuffer();
}

export const isPng = (b: Buffer): boolean => b.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));

/** The graph the engine posted for a prompt id. */
export function postedGraph(
  fake: FakeComfyServer,
  promptId: string,
): Record<string, { class_type: string; inputs: Record<string, unknown> }> {
  const body = fake.bodiesOf('POST /prompt').find((b) => (b as { prompt_id?: string }).prompt_id === promptId);
  return (body as { prompt: Record<string, { class_type: string; inputs: Record<string, unknown> }> }).prompt;
}

export function nodesOf(graph: ReturnType<typeof postedGraph>, classType: string) {
  return Object.values(graph).filter((n) => n.class_type === classType);
}
