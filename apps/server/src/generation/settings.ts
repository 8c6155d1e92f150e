import type { Quality, SizePreset, TaskParams } from '@turing/contract';
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
  /** The long edge of a quality, in pixels. */
  longEdge(quality: Quality): number;
  /** The largest side an upscale may produce. */
  upscaleMaxSide: number;
  cost(params: Pick<TaskParams, 'mode' | 'quality' | 'count' | 'upscale'>): number;
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
  return {
    engineFor: (model) => models[model] ?? config.GENERATION_ENGINE,
    longEdge,
    upscaleMaxSide: config.UPSCALE_MAX_SIDE,
    pixels(size, quality) {
      const edge = longEdge(quality);
      const [w, h] = size.split(':').map(Number) as [number, number];
      const round8 = (v: number) => Math.max(64, Math.round(v / 8) * 8);
      return w >= h
        ? { width: round8(edge), height: round8((edge * h) / w) }
        : { width: round8((edge * w) / h), height: round8(edge) };
    },
    cost(params) {
      // An upscale is one image; its price follows the factor, not the quality.
      if (params.mode === 'upscale') return params.upscale === 4 ? 4 : 2;
      return num(costs, params.quality, params.quality === 'FHD' ? 4 : params.quality === 'HD' ? 2 : 1) * params.count;
    },
    welcomeCubes: config.WELCOME_CUBES,
    activeCap: config.USER_ACTIVE_TASKS_MAX,
    timeoutMs: config.TASK_TIMEOUT_MS,
    staleMs: config.TASK_STALE_MS,
    concurrency: config.WORKER_CONCURRENCY,
  };
}
