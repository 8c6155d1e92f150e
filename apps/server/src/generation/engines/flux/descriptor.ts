import { z } from 'zod';
import { BFL_WEBHOOK_PATH, QUALITIES } from '@turing/contract';
import type { EngineConfig, EngineDescriptor } from '../../engine-descriptor.ts';

const settings = z.object({
  BFL_API_KEY: z
    .string()
    .optional()
    .describe(
      'the FLUX engine (Black Forest Labs): its API key (`BFL_MODEL` makes text tasks, `BFL_EDIT_MODEL` those with an input image)',
    ),
  BFL_BASE_URL: z
    .string()
    .default('https://api.bfl.ai')
    .describe('the global or a regional endpoint of the FLUX API (`https://api.eu.bfl.ai`, `https://api.us.bfl.ai`)'),
  BFL_MODEL: z
    .string()
    .default('flux-pro-1.1')
    .describe('the FLUX model for text tasks; a model of the catalogue may name another'),
  BFL_EDIT_MODEL: z
    .string()
    .default('flux-kontext-pro')
    .describe(
      'the FLUX model for tasks with an input image (iterate, edit, and text with a reference image); a model of the catalogue may name another',
    ),
  BFL_WEBHOOK_SECRET: z
    .string()
    .optional()
    .describe(
      'with `PUBLIC_URL` set, FLUX jobs ask BFL to call `<PUBLIC_URL>/turing/hooks/bfl` when they end, signed with this secret; the call only makes the waiting poll ask at once',
    )
    .meta({ shown: '— (the engine polls)' }),
});

/** Where BFL calls back when a job ends (see the system module's webhook). */
const bflWebhookUrl = (config: { publicUrl: string }) => `${config.publicUrl}/turing${BFL_WEBHOOK_PATH}`;

/** The callback needs an address BFL can reach: only with PUBLIC_URL set on purpose. */
const webhookOf = (config: EngineConfig<typeof settings>) =>
  config.BFL_WEBHOOK_SECRET && config.PUBLIC_URL
    ? { webhookSecret: config.BFL_WEBHOOK_SECRET, webhookUrl: bflWebhookUrl(config) }
    : {};

/** Black Forest Labs' asynchronous jobs: submit, then poll (or hear the webhook), one job an image. */
export const flux: EngineDescriptor<'flux', typeof settings> = {
  name: 'flux',
  // FLUX 1.1 [pro] for text, FLUX.1 Kontext [pro] for an input image. A reference goes to Kontext
  // in every mode: alone in text mode (the prompt asks for its style and materials only), and as
  // `input_image_2`, the second image Kontext documents, next to an iteration's or edit's base.
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
    negativePrompt: false,
    upscale: [],
    languages: ['en'],
    // Kontext's input_image: up to 20 MB or 20 megapixels.
    input: { maxPixels: 20_000_000, maxBytes: 20_000_000 },
  },
  settings,
  isSetUp: (config) => Boolean(config.BFL_API_KEY),
  needs: 'BFL_API_KEY',
  async create({ config, wakeups }) {
    const { createFluxEngine } = await import('./flux-engine.ts');
    return createFluxEngine({
      apiKey: config.BFL_API_KEY!,
      baseUrl: config.BFL_BASE_URL,
      model: config.BFL_MODEL,
      editModel: config.BFL_EDIT_MODEL,
      timeoutMs: config.TASK_TIMEOUT_MS,
      resubmitExpired: config.RESUBMIT_EXPIRED_RESULTS,
      ...webhookOf(config),
      wakeups,
    });
  },
  // One job an image, image i from seed + i.
  resultSeed: ({ seed }, index) => (seed + index) % 2 ** 31,
  canCancelRunning: true,
};
