import { z } from 'zod';
import { QUALITIES, TASK_MODES } from '@turing/contract';
import type { EngineConfig, EngineDescriptor } from '../../engine-descriptor.ts';

const settings = z.object({
  COMFYUI_URLS: z
    .string()
    .default('')
    .describe('the ComfyUI servers of the fleet, comma-separated (e.g. `http://gpu-1:8188`)'),
  COMFYUI_HUNG_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(90_000)
    .describe(
      "least silence about a running prompt before its ComfyUI server counts as hung (the window grows to ten times the server's usual step time): the prompt is interrupted and moved to another server, and the hung server gets no work until it recovers. A server that dies is noticed within seconds (its socket closes, or a 2 s probe fails)",
    ),
  COMFYUI_WORKFLOWS_DIR: z
    .string()
    .optional()
    .describe(
      'a folder of replacement workflow templates: its `txt2img.json`, `img2img.json`, `inpaint.json` and `upscale.json` replace the bundled ones (with `COMFYUI_IPADAPTER_MODEL` set, the first three need an `IP-Adapter` node)',
    ),
  COMFYUI_CHECKPOINT: z
    .string()
    .default('sd_xl_base_1.0.safetensors')
    .describe('checkpoint file of the `architecture` model on the ComfyUI servers'),
  COMFYUI_CHECKPOINT_BETA: z
    .string()
    .optional()
    .describe('checkpoint file of the `architecture-beta` model on the ComfyUI servers')
    .meta({ shown: '— (the same as `COMFYUI_CHECKPOINT`)' }),
  COMFYUI_CONTROLNET_DEPTH: z
    .string()
    .default('controlnet-depth-sdxl-1.0.safetensors')
    .describe('ControlNet model for depth guidance'),
  COMFYUI_CONTROLNET_LINEART: z
    .string()
    .default('controlnet-canny-sdxl-1.0.safetensors')
    .describe('ControlNet model for line-art guidance'),
  COMFYUI_UPSCALE_MODEL: z.string().default('4x-UltraSharp.pth').describe('the upscale model on the ComfyUI servers'),
  COMFYUI_IPADAPTER_MODEL: z
    .string()
    .optional()
    .describe(
      'an IP-Adapter model file on the ComfyUI servers (`models/ipadapter`, e.g. `ip-adapter-plus_sdxl_vit-h.safetensors`; the servers need the ComfyUI_IPAdapter_plus nodes): a reference image then conditions the model through IP-Adapter in text, iterate and edit tasks, at the image weight. Unset, a text task starts from the reference and an iteration or edit blends it into its starting image',
    )
    .meta({ shown: '— (the reference is blended into the starting image)' }),
  COMFYUI_CLIP_VISION: z
    .string()
    .default('CLIP-ViT-H-14-laion2B-s32B-b79K.safetensors')
    .describe(
      'the CLIP vision model (`models/clip_vision`) the IP-Adapter reads the reference with; it must match the IP-Adapter model (ViT-H for the `vit-h` ones, ViT-bigG for the others). Used only with `COMFYUI_IPADAPTER_MODEL`',
    ),
});

const urlsOf = (config: EngineConfig<typeof settings>) =>
  config.COMFYUI_URLS.split(',')
    .map((u) => u.trim())
    .filter(Boolean);

/** One or many ComfyUI GPU servers, spoken to over their own HTTP and WebSocket protocol. */
export const comfyui: EngineDescriptor<'comfyui', typeof settings> = {
  name: 'comfyui',
  // Our SDXL workflows: ControlNet depth and line art, inpainting, an upscale model. A reference is
  // used in every mode: through IP-Adapter when COMFYUI_IPADAPTER_MODEL is set, else as (part of)
  // the starting image.
  capabilities: {
    modes: TASK_MODES,
    maxCount: 8,
    aspects: 'any',
    qualities: QUALITIES,
    mask: true,
    reference: true,
    depth: true,
    lineArt: true,
    imageWeight: true,
    seed: true,
    negativePrompt: true,
    upscale: [2, 4],
    languages: ['en'],
  },
  settings,
  isSetUp: (config) => urlsOf(config).length > 0,
  needs: 'COMFYUI_URLS',
  async create({ config, log, drains }) {
    const { createComfyEngine } = await import('./comfy-engine.ts');
    return createComfyEngine({
      urls: urlsOf(config),
      workflowsDir: config.COMFYUI_WORKFLOWS_DIR,
      models: {
        checkpoint: config.COMFYUI_CHECKPOINT,
        checkpointBeta: config.COMFYUI_CHECKPOINT_BETA,
        controlnetDepth: config.COMFYUI_CONTROLNET_DEPTH,
        controlnetLineArt: config.COMFYUI_CONTROLNET_LINEART,
        upscaleModel: config.COMFYUI_UPSCALE_MODEL,
        // The CLIP vision model is asked of the servers only when an IP-Adapter model uses it.
        ...(config.COMFYUI_IPADAPTER_MODEL
          ? { ipadapter: config.COMFYUI_IPADAPTER_MODEL, clipVision: config.COMFYUI_CLIP_VISION }
          : {}),
      },
      timeoutMs: config.TASK_TIMEOUT_MS,
      hungFloorMs: config.COMFYUI_HUNG_MS,
      // Stable across restarts and distinct per node: ComfyUI sends a prompt's messages only to
      // the client that queued it, so a restarted node keeps hearing about the prompts it resumes.
      clientId: `turing-${config.nodeId}`,
      drains,
      log,
    });
  },
  // A batch draws all its images from the task's seed in one go: only the first has a seed of its own.
  resultSeed: ({ seed }, index) => (index === 0 ? seed : null),
  canCancelRunning: true,
};
