import {
  MODELS,
  QUALITIES,
  type EngineCapabilities,
  type Model,
  type Quality,
  type SizePreset,
  type TaskParams,
} from '@turing/contract';
import type { Config } from '../config.ts';
import { engineCapabilities } from './capabilities.ts';
import type { EngineName } from './engine.ts';
import { BUILT_IN_ENGINE, ENGINES, findEngine, type EngineList } from './engines/index.ts';
import { BUILT_IN_UPSCALE, MODEL_CATALOGUE, type ModelPrice } from './models.ts';

type CostParams = Pick<TaskParams, 'mode' | 'quality' | 'count' | 'upscale'> & { model?: Model };

/** The engine that runs every upscale a model's own engine cannot: the built-in neural upscaler. */
const BUILT_IN_UPSCALER: EngineName = BUILT_IN_ENGINE;

export interface GenerationSettings {
  /** The engine a model's tasks go to: MODEL_ENGINES, else its own engine (the product's models: GENERATION_ENGINE). */
  engineFor(model: string): EngineName;
  /** The engine one task runs on: an upscale its model's engine cannot make runs on the built-in upscaler. */
  engineForTask(params: Pick<TaskParams, 'model' | 'mode' | 'upscale'>): EngineName;
  /** Whether this server has what an engine needs (a key, a server URL), by its descriptor; the preview engine always. */
  engineSetUp(engine: EngineName): boolean;
  /** What an engine does (its descriptor's capabilities), or null for a name this server does not know. */
  capabilities(engine: EngineName): EngineCapabilities | null;
  /** Models whose engines this server starts: those set up, and any the operator routed on purpose (a missing key then shows in the fleet check). */
  modelsToRun(): Model[];
  /** A model's cubes per image by quality and per upscale factor (its own engine's upscale, else the built-in one's). */
  price(model: Model): ModelPrice;
  /** Output size for a preset at a quality: the long edge from config, multiples of 8. */
  pixels(size: SizePreset, quality: Quality): { width: number; height: number };
  /** Output size for any ratio (a base image's own) at a quality's long edge, multiples of 8. */
  pixelsForRatio(width: number, height: number, quality: Quality): { width: number; height: number };
  /** The long edge of a quality, in pixels. */
  longEdge(quality: Quality): number;
  /** The largest side an upscale may produce. */
  upscaleMaxSide: number;
  /** Cubes a task costs at its model's price (no model: the product's default model). */
  cost(params: CostParams): number;
  /**
   * The largest variant of a task that `cubes` pays for, or null when none does: the most images
   * at the task's own quality, else at the next lower one; for an upscale, a smaller factor.
   */
  largestFitting(
    params: CostParams,
    cubes: number,
  ): { count: number; quality: Quality; upscale?: 2 | 4; cubes: number } | null;
  welcomeCubes: number;
  activeCap: number;
  timeoutMs: number;
  /** A finished job whose result link expired before it was collected is sent again (billed twice) instead of refunded. */
  resubmitExpiredResults: boolean;
  staleMs: number;
  concurrency: number;
  /** At least one start in this many goes to a pay-per-image task while plan tasks wait too (QUEUE_PLAN_LANE_SHARE). */
  planLaneShare: number;
}

/**
 * The generation rules the configuration sets: routing, sizes, prices, limits. `engines` is the
 * list of engines the server knows (its own by default; a test gives its own).
 */
export function generationSettings(config: Config, engines: EngineList = ENGINES): GenerationSettings {
  const models = config.MODEL_ENGINES;
  const longEdge = (quality: Quality) => config.QUALITY_LONG_EDGE[quality];
  const round8 = (v: number) => Math.max(64, Math.round(v / 8) * 8);
  const pixelsForRatio = (w: number, h: number, quality: Quality) => {
    const edge = longEdge(quality);
    return w >= h
      ? { width: round8(edge), height: round8((edge * h) / w) }
      : { width: round8((edge * w) / h), height: round8(edge) };
  };
  const engineSetUp = (engine: EngineName) => findEngine(engine, engines)?.isSetUp(config) ?? false;
  const capabilities = (engine: EngineName) => engineCapabilities(engine, engines);
  const engineFor = (model: string): EngineName =>
    models[model as Model] ?? MODEL_CATALOGUE[model as Model]?.engine ?? config.GENERATION_ENGINE;
  const ownsUpscale = (engine: EngineName, factor: 2 | 4) => {
    const caps = capabilities(engine) ?? capabilities(BUILT_IN_UPSCALER);
    return Boolean(caps?.modes.includes('upscale') && caps.upscale.includes(factor));
  };
  // An upscale stays on the model's engine only when that engine is set up here and makes the factor.
  const upscalesItself = (engine: EngineName, factor: 2 | 4) => engineSetUp(engine) && ownsUpscale(engine, factor);
  const engineForTask: GenerationSettings['engineForTask'] = (p) => {
    const engine = engineFor(p.model);
    return p.mode === 'upscale' && !upscalesItself(engine, p.upscale ?? 2) ? BUILT_IN_UPSCALER : engine;
  };
  const price = (model: Model): ModelPrice => {
    const def = MODEL_CATALOGUE[model] ?? MODEL_CATALOGUE.architecture;
    const own = config.MODEL_COSTS[model] ?? {};
    // The product's own models keep COST_CUBES, as before there was a catalogue.
    const base = def.engine === null ? config.COST_CUBES : def.price;
    const engine = engineFor(model);
    const upscale = (factor: 2 | 4) =>
      upscalesItself(engine, factor)
        ? (own[factor] ?? def.price.upscale?.[factor] ?? BUILT_IN_UPSCALE[factor])
        : BUILT_IN_UPSCALE[factor];
    return {
      SD: own.SD ?? base.SD,
      HD: own.HD ?? base.HD,
      FHD: own.FHD ?? base.FHD,
      upscale: { 2: upscale(2), 4: upscale(4) },
    };
  };
  const cost: GenerationSettings['cost'] = (params) => {
    const table = price(params.model ?? 'architecture');
    // An upscale is one image; its price follows the factor, not the quality.
    if (params.mode === 'upscale') return table.upscale[params.upscale === 4 ? 4 : 2];
    return table[params.quality] * params.count;
  };
  return {
    engineFor,
    engineForTask,
    engineSetUp,
    capabilities,
    modelsToRun: () =>
      MODELS.filter((m) => MODEL_CATALOGUE[m].engine === null || Object.hasOwn(models, m) || engineSetUp(engineFor(m))),
    price,
    longEdge,
    upscaleMaxSide: config.UPSCALE_MAX_SIDE,
    pixels(size, quality) {
      const [w, h] = size.split(':').map(Number) as [number, number];
      return pixelsForRatio(w, h, quality);
    },
    pixelsForRatio,
    cost,
    largestFitting(params, cubes) {
      if (params.mode === 'upscale') {
        const factors = ([4, 2] as const).filter((f) => f <= (params.upscale ?? 2));
        const f = factors.find((upscale) => cost({ ...params, upscale }) <= cubes);
        return f ? { count: 1, quality: params.quality, upscale: f, cubes: cost({ ...params, upscale: f }) } : null;
      }
      // Fewer images at the user's own quality first; only when not even one fits, a lower quality.
      for (const quality of QUALITIES.slice(0, QUALITIES.indexOf(params.quality) + 1).reverse())
        for (let count = params.count; count >= 1; count--) {
          const total = cost({ mode: params.mode, model: params.model, quality, count });
          if (total <= cubes) return { count, quality, cubes: total };
        }
      return null;
    },
    welcomeCubes: config.WELCOME_CUBES,
    activeCap: config.USER_ACTIVE_TASKS_MAX,
    timeoutMs: config.TASK_TIMEOUT_MS,
    resubmitExpiredResults: config.RESUBMIT_EXPIRED_RESULTS,
    staleMs: config.TASK_STALE_MS,
    concurrency: config.WORKER_CONCURRENCY,
    planLaneShare: config.QUEUE_PLAN_LANE_SHARE,
  };
}
