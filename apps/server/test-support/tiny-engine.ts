import { vi } from 'vitest';
import { z } from 'zod';
import type { EngineConfig, EngineDescriptor } from '../src/generation/engine-descriptor.ts';
import type { Engine } from '../src/generation/engine.ts';

// An engine no product has: registered here only, in a list of its own, to show that an engine is
// its descriptor and nothing else (no switch elsewhere names it).
const tinySettings = z.object({
  TINY_URL: z.string().default('').describe('Where the tiny engine runs.'),
  TINY_STEPS: z.coerce.number().int().min(1).default(3).describe('Steps a tiny image takes.'),
});
export const made: { config: EngineConfig<typeof tinySettings>; engine: Engine }[] = [];
export const tiny: EngineDescriptor<'tiny', typeof tinySettings> = {
  name: 'tiny',
  capabilities: {
    modes: ['text', 'upscale'],
    maxCount: 2,
    aspects: ['1:1'],
    qualities: ['SD'],
    mask: false,
    reference: false,
    depth: false,
    lineArt: false,
    imageWeight: false,
    seed: true,
    negativePrompt: false,
    upscale: [2],
    languages: ['en'],
  },
  settings: tinySettings,
  isSetUp: (config) => config.TINY_URL !== '',
  needs: 'TINY_URL',
  async create({ config }) {
    const engine: Engine = {
      name: 'tiny',
      canCancelRunning: false,
      run: async () => ({ images: [] }),
      health: async () => ({ ok: true }),
      available: () => true,
      capacity: () => undefined,
      close: vi.fn(async () => undefined),
    };
    made.push({ config, engine });
    return engine;
  },
  resultSeed: ({ seed }, index) => seed * 10 + index,
  canCancelRunning: false,
};
