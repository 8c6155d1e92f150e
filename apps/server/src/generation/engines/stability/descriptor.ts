import { z } from 'zod';
import { QUALITIES, TASK_MODES } from '@turing/contract';
import type { EngineDescriptor } from '../../engine-descriptor.ts';

/** Stability's seeds run 0–4,294,967,294 (0 is sent as the largest: it would mean "random" there). */
const STABILITY_SEEDS = 4_294_967_295;

const settings = z.object({
  STABILITY_API_KEY: z
    .string()
    .optional()
    .describe(
      "the Stability AI engine's API key (see [Stability AI](engines.md#stability-ai)), required by `GENERATION_ENGINE=stability` or a model routed to it",
    ),
  STABILITY_BASE_URL: z
    .string()
    .default('https://api.stability.ai')
    .describe("the Stability AI API's address (a proxy or a test double)"),
  STABILITY_MODEL: z
    .enum(['core', 'ultra', 'sd3'])
    .default('core')
    .describe(
      'the generate endpoint for text (REST v2beta `stable-image/generate/<STABILITY_MODEL>`): `core`, `ultra` or `sd3` (a catalogue model naming `ultra`, `sd3` or an SD 3.5 model such as `sd3.5-large-turbo` overrides it per task)',
    ),
});

/** Stability AI's REST v2beta: one request an image. */
export const stability: EngineDescriptor<'stability', typeof settings> = {
  name: 'stability',
  // Stability AI v2beta: generate (core/ultra/sd3), control sketch/structure, inpaint, upscale. Its
  // aspect ratios (21:9 16:9 3:2 5:4 1:1 4:5 2:3 9:16 9:21) match 1:1, 16:9, 9:16, 3:2 and 2:3
  // exactly; 4:3 and 3:4 are made at the nearest (5:4, 4:5) and cropped, centred, to the preset. A
  // negative prompt is ignored by the SD 3.5 turbo models only. A reference guides text through
  // control/style (Style Guide) and restyles an iteration's base through control/style-transfer;
  // the sketch and structure endpoints an iteration with line art or depth uses take no second
  // image, and inpaint none at all, so an edit does not use a reference.
  capabilities: {
    modes: TASK_MODES,
    maxCount: 4,
    aspects: ['1:1', '4:3', '3:4', '16:9', '9:16', '3:2', '2:3'],
    qualities: QUALITIES,
    mask: true,
    reference: true,
    referenceModes: ['text', 'iterate'],
    depth: true,
    lineArt: true,
    imageWeight: true,
    seed: true,
    negativePrompt: true,
    // upscale/conservative up to ~5 MP targets, upscale/fast (×4) beyond; resized to the exact target.
    upscale: [2, 4],
    languages: ['en'],
    // v2beta image inputs: every side at least 64 px, 4,096 to 9,437,184 pixels; a request at most
    // 10 MiB, so the base keeps 1 MiB of it for the mask and the fields.
    input: { minSide: 64, maxPixels: 9_437_184, maxBytes: 9 * 1024 * 1024 },
  },
  settings,
  isSetUp: (config) => Boolean(config.STABILITY_API_KEY),
  needs: 'STABILITY_API_KEY',
  async create({ config, log }) {
    const { createStabilityEngine } = await import('./stability-engine.ts');
    return createStabilityEngine({
      apiKey: config.STABILITY_API_KEY!,
      baseURL: config.STABILITY_BASE_URL,
      model: config.STABILITY_MODEL,
      timeoutMs: config.TASK_TIMEOUT_MS,
      log,
    });
  },
  // One request an image, image i from seed + i within its seed range (stability-requests.ts: apiSeed).
  resultSeed: ({ seed }, index) => (seed + index) % STABILITY_SEEDS,
  canCancelRunning: true,
};
