import OpenAI from 'openai';
import type { ImagesResponse } from 'openai/resources/images';
import { EngineError, type Engine, type EngineRunContext, type EngineTask } from '../../engine.ts';
import { toEngineError } from './openai-errors.ts';
import { API_QUALITY, apiMask, apiPrompt, apiSize, decodeResults, pngUpload } from './openai-images.ts';

export interface OpenAiEngineOptions {
  apiKey: string;
  /** Another endpoint speaking the same API (a proxy, a compatible provider, a test server). */
  baseURL?: string;
  model?: string;
  /** Per request; image generation at high quality can take more than a minute. */
  timeoutMs?: number;
}

const DEFAULT_MODEL = 'gpt-image-2';
const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
const DEFAULT_TIMEOUT_MS = 180_000;
/** Rough duration of one request by quality, only to pace the estimated progress bar. */
const EXPECTED_MS: Record<EngineTask['quality'], number> = { SD: 15_000, HD: 30_000, FHD: 60_000 };
const HEARTBEAT_MS = 2_000;

/**
 * The hosted image API through the official SDK. text → images.generate; iterate and edit →
 * images.edit with the base (and the reference as a second image when the model takes several).
 *
 * - upscale is not offered by the API: it is refused as `invalid`, and the lifecycle sends upscale
 *   tasks to the preview engine when this engine is configured;
 * - the API treats an edit mask as guidance and may touch the whole picture, so the lifecycle
 *   pastes the result back onto the original through the mask (see paste-back.ts);
 * - a request cannot be stopped on the provider's side once sent: canCancelRunning is false.
 *   The signal still aborts our HTTP request, and the run rejects as `interrupted`.
 */
export function createOpenAiEngine(options: OpenAiEngineOptions): Engine {
  const model = options.model ?? DEFAULT_MODEL;
  // Every setting is passed explicitly: left undefined, the SDK would fill it from process.env,
  // and configuration is read once, in config.ts. Without a key there is no client at all (the
  // SDK refuses to construct one) and health says why.
  const client = options.apiKey
    ? new OpenAI({
        apiKey: options.apiKey,
        baseURL: options.baseURL ?? DEFAULT_BASE_URL,
        organization: null,
        project: null,
        adminAPIKey: null,
        webhookSecret: null,
        logLevel: 'warn',
        timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        // The lifecycle decides about retries (once, elsewhere, with a refund); a silent SDK retry
        // would double the wait and could bill a generation twice.
        maxRetries: 0,
      })
    : undefined;
  // GPT image models take up to 16 input images; older models take exactly one.
  const multiImage = /^(gpt-image|chatgpt-image)/.test(model);

  async function call(task: EngineTask, signal: AbortSignal): Promise<ImagesResponse> {
    if (!client) throw new EngineError('unavailable', 'openai: API key missing');
    const size = apiSize(task.width, task.height);
    const quality = API_QUALITY[task.quality];
    const n = Math.max(1, Math.min(8, Math.floor(task.count)));
    if (task.mode === 'text') {
      return client.images.generate(
        { model, prompt: apiPrompt(task, false), n, size, quality, output_format: 'png' },
        { signal },
      );
    }
    const base = task.images.base;
    if (!base) throw new EngineError('invalid', `openai: ${task.mode} needs a base image`);
    const image = await pngUpload(base, 'image.png');
    const reference =
      multiImage && task.images.reference ? await pngUpload(task.images.reference, 'reference.png') : undefined;
    let mask;
    if (task.mode === 'edit') {
      if (!task.images.mask) throw new EngineError('invalid', 'openai: edit needs a mask');
      mask = await apiMask(task.images.mask, image.width, image.height);
    }
    return client.images.edit(
      {
        model,
        prompt: apiPrompt(task, reference !== undefined),
        image: reference ? [image.file, reference.file] : image.file,
        mask,
        n,
        size,
        quality,
        output_format: 'png',
      },
      { signal },
    );
  }

  return {
    name: 'openai',
    canCancelRunning: false,
    async run(task, ctx) {
      if (task.mode === 'upscale') {
        throw new EngineError('invalid', 'openai: the image API has no upscale; upscale runs on the preview engine');
      }
      if (ctx.signal.aborted) throw new EngineError('interrupted', 'openai: cancelled before the request');
      ctx.onEvent({ type: 'started' });
      const stopHeartbeat = heartbeat(ctx, EXPECTED_MS[task.quality]);
      try {
        const response = await call(task, ctx.signal);
        const images = await decodeResults(response.data, task);
        ctx.onEvent({ type: 'progress', percent: 100 });
        return { images };
      } catch (error) {
        throw toEngineError(error, ctx.signal);
      } finally {
        stopHeartbeat();
      }
    },
    async health() {
      if (!client) return { ok: false, detail: 'OpenAI API key missing' };
      try {
        // Cheap, and proves the key, the endpoint and access to the model in one call.
        await client.models.retrieve(model, { timeout: 5_000 });
        return { ok: true, detail: `model ${model}` };
      } catch (error) {
        return { ok: false, detail: toEngineError(error, new AbortController().signal).message };
      }
    },
    // A hosted API is reachable or not per request; its faults end the task with a refund.
    available: () => true,
    capacity: () => undefined,
    async close() {
      // The SDK holds no sockets of its own beyond fetch's pool; nothing to release.
    },
  };
}

/**
 * The API reports nothing until the images are done. An estimated, never-complete percentage
 * keeps the user's progress bar moving and tells the lifecycle the task is alive, not stalled.
 */
function heartbeat(ctx: EngineRunContext, expectedMs: number): () => void {
  const started = Date.now();
  const timer = setInterval(() => {
    const percent = Math.round(90 * (1 - Math.exp(-(Date.now() - started) / expectedMs)));
    ctx.onEvent({ type: 'progress', percent });
  }, HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}
