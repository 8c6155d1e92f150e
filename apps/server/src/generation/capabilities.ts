import type { EngineCapabilities, EngineName } from '@turing/contract';

const ALL_MODES = ['text', 'iterate', 'edit', 'upscale'] as const;
const ALL_QUALITIES = ['SD', 'HD', 'FHD'] as const;

/**
 * What each engine does, from its provider's documentation. Known without making the engine, so
 * a node that never runs an engine still describes it (the studio's model list, submit checks).
 */
export const ENGINE_CAPABILITIES: Record<EngineName, EngineCapabilities> = {
  // Draws every mode on the CPU; upscales with the built-in neural upscaler.
  preview: {
    modes: ALL_MODES,
    maxCount: 8,
    aspects: 'any',
    qualities: ALL_QUALITIES,
    mask: true,
    reference: true,
    depth: true,
    lineArt: true,
    seed: true,
    negativePrompt: true,
    upscale: [2, 4],
    languages: ['en', 'zh'],
  },
  // Our SDXL workflows: ControlNet depth and line art, IP-Adapter reference, inpainting, an upscale model.
  comfyui: {
    modes: ALL_MODES,
    maxCount: 8,
    aspects: 'any',
    qualities: ALL_QUALITIES,
    mask: true,
    reference: true,
    depth: true,
    lineArt: true,
    seed: true,
    negativePrompt: true,
    upscale: [2, 4],
    languages: ['en'],
  },
  // GPT Image: three sizes (1024², 1536×1024, 1024×1536), edits with input images and a mask, no seed.
  openai: {
    modes: ['text', 'iterate', 'edit'],
    maxCount: 8,
    aspects: ['1:1', '3:2', '2:3'],
    qualities: ALL_QUALITIES,
    mask: true,
    reference: true,
    depth: false,
    lineArt: false,
    seed: false,
    negativePrompt: false,
    upscale: [],
    languages: ['en', 'zh'],
    // Images API edits (GPT Image): each input a PNG, WebP or JPEG under 25 MB; no side limits.
    input: { maxBytes: 25_000_000 },
  },
  // Stability AI v2beta: generate (core/ultra/sd3), control sketch/structure, inpaint, upscale. Its
  // aspect ratios (21:9 16:9 3:2 5:4 1:1 4:5 2:3 9:16 9:21) match 1:1, 16:9, 9:16, 3:2 and 2:3
  // exactly; 4:3 and 3:4 are made at the nearest (5:4, 4:5) and cropped, centred, to the preset. A
  // negative prompt is ignored by the SD 3.5 turbo models only.
  stability: {
    modes: ALL_MODES,
    maxCount: 4,
    aspects: ['1:1', '4:3', '3:4', '16:9', '9:16', '3:2', '2:3'],
    qualities: ALL_QUALITIES,
    mask: true,
    reference: false,
    depth: true,
    lineArt: true,
    seed: true,
    negativePrompt: true,
    // upscale/conservative up to ~5 MP targets, upscale/fast (×4) beyond; resized to the exact target.
    upscale: [2, 4],
    languages: ['en'],
    // v2beta image inputs: every side at least 64 px, 4,096 to 9,437,184 pixels; a request at most
    // 10 MiB, so the base keeps 1 MiB of it for the mask and the fields.
    input: { minSide: 64, maxPixels: 9_437_184, maxBytes: 9 * 1024 * 1024 },
  },
  // Black Forest Labs: FLUX 1.1 [pro] for text, FLUX.1 Kontext [pro] for an input image.
  flux: {
    modes: ['text', 'iterate', 'edit'],
    maxCount: 4,
    aspects: 'any',
    qualities: ALL_QUALITIES,
    mask: true,
    reference: false,
    depth: false,
    lineArt: false,
    seed: true,
    negativePrompt: false,
    upscale: [],
    languages: ['en'],
    // Kontext's input_image: up to 20 MB or 20 megapixels.
    input: { maxPixels: 20_000_000, maxBytes: 20_000_000 },
  },
  // Alibaba Cloud Model Studio: Wan text-to-image and image editing; reads Chinese as typed.
  wan: {
    modes: ['text', 'iterate', 'edit'],
    maxCount: 4,
    aspects: 'any',
    qualities: ALL_QUALITIES,
    mask: true,
    reference: false,
    depth: false,
    lineArt: false,
    seed: true,
    negativePrompt: true,
    upscale: [],
    languages: ['en', 'zh'],
    // wanx2.1-imageedit's base_image_url / mask_image_url: 512–4096 px a side, at most 10 MB.
    input: { minSide: 512, maxSide: 4096, maxBytes: 10_000_000 },
  },
};
