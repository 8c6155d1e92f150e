import { QUALITIES, type Quality, type SizePreset, type TaskParams } from '@turing/contract';
import type { Config } from '../config.ts';
import type { EngineName } from './engine.ts';

/** "SD:768,HD:1280" → { SD: 768, HD: 1280 }. */
function pairs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of text.split(',')) {
    const [k, v] = part.split(':').map((s) => s.trim());
    if (k && v) out[k] = v;
  }
  return out;
}

export interface GenerationSettings {
  engineFor(model: string): EngineName;
  /** Output size for a preset at a quality: the long edge from config, multiples of 8. */
  pixels(size: SizePreset, quality: Quality): { width: number; height: number };
  /** Output size for any ratio (a base image's own) at a quality's long edge, multiples of 8. */
  pixelsForRatio(width: number, height: number, quality: Quality): { width: number; height: number };
  /** The long edge of a quality, in pixels. */
  longEdge(quality: Quality): number;
  /** The largest side an upscale may produce. */
  upscaleMaxSide: number;
  cost(params: Pick<TaskParams, 'mode' | 'quality' | 'count' | 'upscale'>): number;
  /**
   * The largest variant of a task that `cubes` pays for, or null when none does: the most images
   * at the task's own quality, else at the next lower one; for an upscale, a smaller factor.
   */
  largestFitting(
    params: Pick<TaskParams, 'mode' | 'quality' | 'count' | 'upscale'>,
    cubes: number,
  ): { count: number; quality: Quality; upscale?: 2 | 4; cubes: number } | null;
  welcomeCubes: number;
  activeCap: number;
  timeoutMs: number;
  staleMs: number;
  concurrency: number;
}

export function generationSettings(config: Config): GenerationSettings {
  const models = pairs(config.MODEL_ENGINES) as Record<string, EngineName>;
  const edges = pairs(config.QUALITY_LONG_EDGE);
  const costs = pairs(config.COST_CUBES);
  const num = (table: Record<string, string>, key: string, fallback: number) => {
    const n = Number(table[key]);
    return Number.isFinite(n) && n > 0 ? n : fallback;
  };
  const longEdge = (quality: Quality) => num(edges, quality, quality === 'FHD' ? 2048 : quality === 'HD' ? 1280 : 768);
  const round8 = (v: number) => Math.max(64, Math.round(v / 8) * 8);
  const pixelsForRatio = (w: number, h: number, quality: Quality) => {
    const edge = longEdge(quality);
    return w >= h
      ? { width: round8(edge), height: round8((edge * h) / w) }
      : { width: round8((edge * w) / h), height: round8(edge) };
  };
  const cost: GenerationSettings['cost'] = (params) => {
    // An upscale is one image; its price follows the factor, not the quality.
    if (params.mode === 'upscale') return params.upscale === 4 ? 4 : 2;
    return num(costs, params.quality, params.quality === 'FHD' ? 4 : params.quality === 'HD' ? 2 : 1) * params.count;
  };
  return {
    engineFor: (model) => models[model] ?? config.GENERATION_ENGINE,
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
          const price = cost({ mode: params.mode, quality, count });
          if (price <= cubes) return { count, quality, cubes: price };
        }
      return null;
    },
    welcomeCubes: config.WELCOME_CUBES,
    activeCap: config.USER_ACTIVE_TASKS_MAX,
    timeoutMs: config.TASK_TIMEOUT_MS,
    staleMs: config.TASK_STALE_MS,
    concurrency: config.WORKER_CONCURRENCY,
  };
}
