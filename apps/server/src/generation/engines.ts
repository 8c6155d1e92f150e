import type { FastifyBaseLogger } from 'fastify';
import { BFL_WEBHOOK_PATH } from '@turing/contract';
import type { Config } from '../config.ts';
import type { Engine, EngineName } from './engine.ts';
import type { JobWakeups } from './engines/async-job/wakeups.ts';
import type { DrainSource } from './engines/comfyui/operator-drains.ts';
import type { InputStager } from './input-stager.ts';

/** Where BFL calls back when a job ends (see the system module's webhook). */
export const bflWebhookUrl = (config: Config) => `${config.publicUrl}/turing${BFL_WEBHOOK_PATH}`;

/**
 * The configured engines, loaded and made on first use (a node never loads what it never runs).
 * `wakeups`: provider callbacks that end a waiting poll early. `stage`: puts input images where a
 * provider can fetch them by URL (given only when the server has an address reachable from outside).
 * `drains`: the GPU servers operators took out of rotation.
 */
export function createEngineRegistry(
  config: Config,
  log: FastifyBaseLogger,
  extra: { wakeups?: JobWakeups; stage?: InputStager; drains?: DrainSource } = {},
) {
  const made = new Map<EngineName, Promise<Engine>>();
  const make = async (name: EngineName): Promise<Engine> => {
    switch (name) {
      case 'preview': {
        const { createPreviewEngine } = await import('./engines/preview/preview-engine.ts');
        const { createUpscaler } = await import('./upscaler/upscaler.ts');
        const weights = config.UPSCALER_MODEL;
        return createPreviewEngine({
          paceMs: config.PREVIEW_PACE_MS,
          drawing: { nice: config.PREVIEW_NICE },
          upscaler: weights === 'off' ? undefined : createUpscaler({ weights, nice: config.UPSCALER_NICE }),
        });
      }
      case 'comfyui': {
        const { createComfyEngine } = await import('./engines/comfyui/comfy-engine.ts');
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
          hungFloorMs: config.COMFYUI_HUNG_MS,
          // Stable across restarts and distinct per node: ComfyUI sends a prompt's messages only to
          // the client that queued it, so a restarted node keeps hearing about the prompts it resumes.
          clientId: `turing-${config.nodeId}`,
          drains: extra.drains,
          log,
        });
      }
      case 'openai': {
        if (!config.OPENAI_API_KEY) throw new Error('the openai engine needs OPENAI_API_KEY');
        const { createOpenAiEngine } = await import('./engines/openai/openai-engine.ts');
        return createOpenAiEngine({
          apiKey: config.OPENAI_API_KEY,
          baseURL: config.OPENAI_BASE_URL,
          model: config.OPENAI_IMAGE_MODEL,
          timeoutMs: config.TASK_TIMEOUT_MS,
        });
      }
      case 'stability': {
        if (!config.STABILITY_API_KEY) throw new Error('the stability engine needs STABILITY_API_KEY');
        const { createStabilityEngine } = await import('./engines/stability/stability-engine.ts');
        return createStabilityEngine({
          apiKey: config.STABILITY_API_KEY,
          baseURL: config.STABILITY_BASE_URL,
          model: config.STABILITY_MODEL,
          timeoutMs: config.TASK_TIMEOUT_MS,
          log,
        });
      }
      case 'flux': {
        if (!config.BFL_API_KEY) throw new Error('the flux engine needs BFL_API_KEY');
        const { createFluxEngine } = await import('./engines/flux/flux-engine.ts');
        // The callback needs an address BFL can reach: only with PUBLIC_URL set on purpose.
        const webhook = config.BFL_WEBHOOK_SECRET && config.PUBLIC_URL;
        return createFluxEngine({
          apiKey: config.BFL_API_KEY,
          baseUrl: config.BFL_BASE_URL,
          model: config.BFL_MODEL,
          editModel: config.BFL_EDIT_MODEL,
          timeoutMs: config.TASK_TIMEOUT_MS,
          resubmitExpired: config.RESUBMIT_EXPIRED_RESULTS,
          ...(webhook ? { webhookSecret: config.BFL_WEBHOOK_SECRET, webhookUrl: bflWebhookUrl(config) } : {}),
          wakeups: extra.wakeups,
        });
      }
      case 'wan': {
        if (!config.DASHSCOPE_API_KEY) throw new Error('the wan engine needs DASHSCOPE_API_KEY');
        const { createWanEngine } = await import('./engines/wan/wan-engine.ts');
        return createWanEngine({
          apiKey: config.DASHSCOPE_API_KEY,
          baseUrl: config.DASHSCOPE_BASE_URL,
          model: config.WAN_MODEL,
          editModel: config.WAN_EDIT_MODEL,
          timeoutMs: config.TASK_TIMEOUT_MS,
          stage: extra.stage,
        });
      }
    }
  };
  // The ones made successfully, for callers that must not make one by asking (readiness).
  const loaded = new Map<EngineName, Engine>();
  return {
    get(name: string): Promise<Engine> {
      const key = name as EngineName;
      let engine = made.get(key);
      if (!engine) {
        made.set(key, (engine = make(key)));
        engine.then((e) => loaded.set(key, e)).catch(() => undefined);
      }
      return engine;
    },
    /** The engines made so far in this process (none is made by this). */
    loaded(): Engine[] {
      return [...loaded.values()];
    },
    canCancelRunning(name: string) {
      return name === 'openai' ? false : true;
    },
    async close() {
      await Promise.all([...made.values()].map(async (e) => (await e.catch(() => null))?.close()));
    },
  };
}
export type EngineRegistry = ReturnType<typeof createEngineRegistry>;
