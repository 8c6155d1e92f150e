import { z } from 'zod';
import { QUALITIES } from '@turing/contract';
import type { EngineDescriptor } from '../../engine-descriptor.ts';
import { WAN_INPUT } from './input-limits.ts';

const settings = z.object({
  DASHSCOPE_API_KEY: z
    .string()
    .optional()
    .describe(
      'the Wan engine (Alibaba Cloud Model Studio, DashScope): its API key, a key of the region `DASHSCOPE_BASE_URL` belongs to',
    ),
  DASHSCOPE_BASE_URL: z
    .string()
    .default('https://dashscope-intl.aliyuncs.com')
    .describe(
      'the DashScope address, which picks the region; it must be the region the key belongs to (`https://dashscope.aliyuncs.com` is Beijing)',
    ),
  WAN_MODEL: z.string().default('wan2.2-t2i-flash').describe('the Wan model for text tasks'),
  WAN_EDIT_MODEL: z
    .string()
    .default('wanx2.1-imageedit')
    .describe('the image-editing Wan model for iterate and edit tasks (offered in the Beijing region only)'),
  WAN_REFERENCE_MODEL: z
    .string()
    .default('wan2.5-i2i-preview')
    .describe(
      'the Wan model for tasks with a reference image, in any mode: one that takes several input images (`wan2.5-i2i-preview` takes one to three). An edit with a reference is laid back onto the original through its mask, as this model takes none',
    ),
});

/** Alibaba Cloud Model Studio's Wan models, as asynchronous DashScope tasks. */
export const wan: EngineDescriptor<'wan', typeof settings> = {
  name: 'wan',
  // Wan text-to-image and image editing; reads Chinese as typed. A reference goes to the model that
  // takes several images (wan2.5-i2i-preview's "multi-image fusion", up to three): alone in text
  // mode, after the base in iterate and edit (neither wan2.2-t2i nor wanx2.1-imageedit takes one).
  capabilities: {
    modes: ['text', 'iterate', 'edit'],
    maxCount: 4,
    aspects: 'any',
    qualities: QUALITIES,
    mask: true,
    reference: true,
    depth: false,
    lineArt: false,
    imageWeight: false,
    seed: true,
    negativePrompt: true,
    upscale: [],
    languages: ['en', 'zh'],
    input: WAN_INPUT,
  },
  settings,
  isSetUp: (config) => Boolean(config.DASHSCOPE_API_KEY),
  needs: 'DASHSCOPE_API_KEY',
  async create({ config, stage }) {
    const { createWanEngine } = await import('./wan-engine.ts');
    return createWanEngine({
      apiKey: config.DASHSCOPE_API_KEY!,
      baseUrl: config.DASHSCOPE_BASE_URL,
      model: config.WAN_MODEL,
      editModel: config.WAN_EDIT_MODEL,
      referenceModel: config.WAN_REFERENCE_MODEL,
      timeoutMs: config.TASK_TIMEOUT_MS,
      stage,
    });
  },
  // One request makes the task's images, like a ComfyUI batch: only the first has a seed of its own.
  resultSeed: ({ seed }, index) => (index === 0 ? seed % 2 ** 31 : null),
  canCancelRunning: true,
};
