import type { Model, TaskMode } from '@turing/contract';
import type { KnownEngineName } from './engines/index.ts';

/** Cubes per image at each quality, and for one upscale by factor. */
export interface ModelPrice {
  SD: number;
  HD: number;
  FHD: number;
  upscale: { 2: number; 4: number };
}

export interface ModelDef {
  name: { en: string; zh: string };
  /** The engine the model is made for; null: the server's own default (GENERATION_ENGINE). */
  engine: KnownEngineName | null;
  /**
   * The provider's model a task of this model asks for, by what it starts from (`text`: nothing,
   * `image`: an iterate or edit base); absent: the engine's configured default. Sent only when the
   * model runs on its own engine: routed elsewhere, that engine's default applies.
   */
  engineModel?: { text?: string; image?: string };
  /** Default prices; null: COST_CUBES (the product's own models). Either is overridden by MODEL_COSTS. */
  price: Omit<ModelPrice, 'upscale'> & { upscale?: Partial<ModelPrice['upscale']> };
}

/** What the built-in neural upscaler charges (and any model that upscales on it). */
export const BUILT_IN_UPSCALE: ModelPrice['upscale'] = { 2: 2, 4: 4 };

/**
 * The catalogue. Prices follow what each provider charges per image (a cube is worth about
 * 2–3 US cents in the shipped packs), rounded up so a task never costs the operator more than it
 * earns; the larger qualities pay for the provider's larger outputs or an upscale pass.
 * - Stability AI bills credits of $0.01: Core 3, Ultra 8 per image; the conservative upscale 40.
 * - Black Forest Labs: FLUX 1.1 [pro] and FLUX.1 Kontext [pro] about $0.04 an image.
 * - Alibaba Cloud Model Studio: Wan text-to-image and image edit about $0.02–0.03 an image.
 */
export const MODEL_CATALOGUE: Record<Model, ModelDef> = {
  architecture: {
    name: { en: 'Architecture', zh: '建筑' },
    engine: null,
    price: { SD: 1, HD: 2, FHD: 4 },
  },
  'architecture-beta': {
    name: { en: 'Architecture beta', zh: '建筑 beta' },
    engine: null,
    price: { SD: 1, HD: 2, FHD: 4 },
  },
  'stable-image-core': {
    name: { en: 'Stable Image Core', zh: 'Stable Image Core（快速）' },
    engine: 'stability',
    engineModel: { text: 'core' },
    price: { SD: 2, HD: 3, FHD: 5, upscale: { 4: 16 } },
  },
  'stable-image-ultra': {
    name: { en: 'Stable Image Ultra', zh: 'Stable Image Ultra（旗舰）' },
    engine: 'stability',
    engineModel: { text: 'ultra' },
    price: { SD: 4, HD: 5, FHD: 7, upscale: { 4: 16 } },
  },
  'flux-pro': {
    name: { en: 'FLUX Pro', zh: 'FLUX Pro' },
    engine: 'flux',
    engineModel: { text: 'flux-pro-1.1', image: 'flux-kontext-pro' },
    price: { SD: 2, HD: 3, FHD: 4 },
  },
  wan: {
    name: { en: 'Wan (Tongyi Wanxiang)', zh: '通义万相 Wan' },
    engine: 'wan',
    engineModel: { text: 'wan2.2-t2i-flash', image: 'wanx2.1-imageedit' },
    price: { SD: 1, HD: 2, FHD: 3 },
  },
};

/** The provider's model for a task, when the model runs on its own engine and names one. */
export function engineModelFor(model: Model, mode: TaskMode, engine: string): string | undefined {
  const def = MODEL_CATALOGUE[model];
  if (!def.engineModel || def.engine !== engine || mode === 'upscale') return undefined;
  return mode === 'text' ? def.engineModel.text : def.engineModel.image;
}
