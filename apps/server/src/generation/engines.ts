import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Engine, EngineName } from './engine.ts';
import { createComfyEngine } from './engines/comfyui/comfy-engine.ts';
import { createOpenAiEngine } from './engines/openai/openai-engine.ts';
import { createPreviewEngine } from './engines/preview/preview-engine.ts';

/** The configured engines, made on first use and closed together. */
export function createEngineRegistry(config: Config, log: FastifyBaseLogger) {
  const made = new Map<EngineName, Engine>();
  const make = (name: EngineName): Engine => {
    switch (name) {
      case 'preview':
        return createPreviewEngine({ paceMs: config.PREVIEW_PACE_MS });
      case 'comfyui': {
        const urls = config.COMFYUI_URLS.split(',')
          .map((u) => u.trim())
          .filter(Boolean);
        if (!urls.length) throw new Error('GENERATION_ENGINE=comfyui needs COMFYUI_URLS');
        return createComfyEngine({
          urls,
          workflowsDir: config.COMFYUI_WORKFLOWS_DIR,
          models: {
            checkpoint: config.COMFYUI_CHECKPOINT,
            checkpointBeta: config.COMFYUI_CHECKPOINT_BETA,
            controlnetDepth: config.COMFYUI_CONTROLNET_DEPTH,
            controlnetLineArt: config.COMFYUI_CONTROLNET_LINEART,
            upscaleModel: config.COMFYUI_UPSCALE_MODEL,
          },
          timeoutMs: config.TASK_TIMEOUT_MS,
          log,
        });
      }
      case 'openai':
        if (!config.OPENAI_API_KEY) throw new Error('the openai engine needs OPENAI_API_KEY');
        return createOpenAiEngine({
          apiKey: config.OPENAI_API_KEY,
          baseURL: config.OPENAI_BASE_URL,
          model: config.OPENAI_IMAGE_MODEL,
          timeoutMs: config.TASK_TIMEOUT_MS,
        });
    }
  };
  return {
    get(name: string): Engine {
      const key = name as EngineName;
      let engine = made.get(key);
      if (!engine) made.set(key, (engine = make(key)));
      return engine;
    },
    canCancelRunning(name: string) {
      return name === 'openai' ? false : true;
    },
    async close() {
      await Promise.all([...made.values()].map((e) => e.close()));
    },
  };
}
export type EngineRegistry = ReturnType<typeof createEngineRegistry>;
