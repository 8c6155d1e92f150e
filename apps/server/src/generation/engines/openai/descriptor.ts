import { z } from 'zod';
import { QUALITIES } from '@turing/contract';
import type { EngineDescriptor } from '../../engine-descriptor.ts';

const settings = z.object({
  OPENAI_API_KEY: z
    .string()
    .optional()
    .describe(
      'the OpenAI API key: the OpenAI engine, and translation of Chinese prompts for English-only engines (`TRANSLATE_MODEL`)',
    ),
  OPENAI_BASE_URL: z
    .string()
    .optional()
    .describe("another endpoint speaking OpenAI's API (a proxy, a compatible provider, a test server)"),
  OPENAI_IMAGE_MODEL: z.string().default('gpt-image-2').describe('the image model the OpenAI engine asks for'),
});

/** OpenAI's Images API (GPT Image), through the official SDK. */
export const openai: EngineDescriptor<'openai', typeof settings> = {
  name: 'openai',
  // GPT Image: three sizes (1024², 1536×1024, 1024×1536), edits with input images and a mask, no seed.
  capabilities: {
    modes: ['text', 'iterate', 'edit'],
    maxCount: 8,
    aspects: ['1:1', '3:2', '2:3'],
    qualities: QUALITIES,
    mask: true,
    reference: true,
    referenceModes: ['iterate', 'edit'],
    depth: false,
    lineArt: false,
    imageWeight: false,
    seed: false,
    negativePrompt: false,
    upscale: [],
    languages: ['en', 'zh'],
    // Images API edits (GPT Image): each input a PNG, WebP or JPEG under 25 MB; no side limits.
    input: { maxBytes: 25_000_000 },
  },
  settings,
  isSetUp: (config) => Boolean(config.OPENAI_API_KEY),
  needs: 'OPENAI_API_KEY',
  async create({ config }) {
    const { createOpenAiEngine } = await import('./openai-engine.ts');
    return createOpenAiEngine({
      apiKey: config.OPENAI_API_KEY!,
      baseURL: config.OPENAI_BASE_URL,
      model: config.OPENAI_IMAGE_MODEL,
      timeoutMs: config.TASK_TIMEOUT_MS,
    });
  },
  // The API takes no seed at all.
  resultSeed: () => null,
  // A request cannot be stopped on the provider's side once sent.
  canCancelRunning: false,
};
