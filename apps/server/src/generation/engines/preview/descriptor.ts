import { z } from 'zod';
import { QUALITIES, TASK_MODES } from '@turing/contract';
import type { EngineDescriptor } from '../../engine-descriptor.ts';

const settings = z.object({
  PREVIEW_PACE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(4000)
    .describe(
      'how long the embedded preview engine takes per task (so the queue is visible in a demo; `0` in tests; upscales take their real time)',
    ),
  UPSCALER_MODEL: z
    .enum(['slim', 'medium', 'off'])
    .default('slim')
    .describe(
      'the built-in neural upscaler\'s ESRGAN weights (on the CPU, in a worker thread): `slim`, `medium` (closer to the original by 0.1–1.2 dB PSNR, about 2.5× the CPU time; `bench/README.md`, (u3)) or `off` (a plain lanczos enlargement marked "Preview")',
    ),
  UPSCALER_NICE: z.coerce
    .number()
    .int()
    .min(0)
    .max(19)
    .default(10)
    .describe(
      "the upscaler thread's nice value on Linux (0–19): at 10 it gives the cores to the API's requests when they are short, at 0 it takes an equal share (a node that mostly upscales, or a test with a deadline)",
    ),
  PREVIEW_NICE: z.coerce
    .number()
    .int()
    .min(0)
    .max(19)
    .default(10)
    .describe(
      "the preview engine's drawing threads' nice value on Linux (0–19), as `UPSCALER_NICE`'s: at 10 the API's requests come first when the cores are short",
    ),
});

/**
 * The embedded engine: draws every mode on the CPU, deterministic for a seed, and runs the
 * built-in neural upscaler (every upscale another engine cannot make comes here).
 */
export const preview: EngineDescriptor<'preview', typeof settings> = {
  name: 'preview',
  capabilities: {
    modes: TASK_MODES,
    maxCount: 8,
    aspects: 'any',
    qualities: QUALITIES,
    mask: true,
    reference: true,
    referenceModes: ['iterate', 'edit'],
    depth: true,
    lineArt: true,
    imageWeight: true,
    seed: true,
    negativePrompt: true,
    upscale: [2, 4],
    languages: ['en', 'zh'],
  },
  settings,
  isSetUp: () => true,
  async create({ config, metrics }) {
    const { createPreviewEngine } = await import('./preview-engine.ts');
    const { createUpscaler } = await import('../../upscaler/upscaler.ts');
    const weights = config.UPSCALER_MODEL;
    return createPreviewEngine({
      paceMs: config.PREVIEW_PACE_MS,
      drawing: { nice: config.PREVIEW_NICE },
      upscaler:
        weights === 'off'
          ? undefined
          : createUpscaler({ weights, nice: config.UPSCALER_NICE, observe: metrics?.upscaled }),
    });
  },
  // Image i is drawn from seed + i, so every image has a seed of its own.
  resultSeed: ({ seed }, index) => (seed + index) % 2 ** 32,
  canCancelRunning: true,
};
