import sharp from 'sharp';
import { WAN_INPUT } from './input-limits.ts';
import { EngineError, type Engine, type EngineRunContext, type EngineTask, type TaskErrorCode } from '../../engine.ts';
import { withinInputLimits } from '../../input-limits.ts';
import type { InputStager } from '../../input-stager.ts';
import { createAsyncJobEngine, type AsyncJobOptions, type AsyncProvider } from '../async-job/async-job-engine.ts';
import type { Answer } from '../provider-http/job-calls.ts';

export interface WanEngineOptions extends Omit<AsyncJobOptions, 'expectedMs' | 'wakeups'> {
  apiKey?: string;
  /** https://dashscope-intl.aliyuncs.com (Singapore) or https://dashscope.aliyuncs.com (Beijing). */
  baseUrl: string;
  /** Text to image (wan2.2-t2i-flash). */
  model: string;
  /** Image editing (wanx2.1-imageedit: Beijing region only). */
  editModel: string;
  /**
   * Tasks with a reference image, in any mode: a model that takes several input images
   * (wan2.5-i2i-preview: one to three, "multi-image fusion").
   */
  referenceModel?: string;
  /**
   * Where input images are put for DashScope to fetch by URL (only when the server has a public
   * address); absent: they are sent inline as data URLs.
   */
  stage?: InputStager;
}

/**
 * DashScope's codes for content its inspection refused (prompt, input image or output).
 * InvalidParameter.DataInspection is not one: the input could not be read or downloaded for it.
 */
const INSPECTION = /DataInspection|IPInfringement|inappropriate/i;
const inspected = (code: string | undefined) => !!code && !/^InvalidParameter/.test(code) && INSPECTION.test(code);

/**
 * DashScope's codes for a fault that may pass (its own errors and time-outs, its rate limits):
 * only these, and HTTP 5xx, are worth another paid job. Everything else (InvalidParameter*,
 * InvalidApiKey, AccessDenied*, Arrearage, ModelNotFound, unknown codes…) would fail again.
 */
export const isTransient = (code: string | undefined, status?: number) =>
  (status !== undefined && status >= 500) || (!!code && /^(InternalError|Throttling)/.test(code));

/**
 * What the user is told of a fault that will not pass: the task's images or settings
 * (InvalidParameter*), or this service's account at DashScope (key, access, balance, model);
 * anything else is the general refusal.
 */
const taskErrorOf = (code: string | undefined): TaskErrorCode | undefined =>
  !code
    ? undefined
    : /^InvalidParameter/.test(code)
      ? 'TASK_INPUT_REJECTED'
      : /^(InvalidApiKey|AccessDenied|Arrearage|ModelNotFound|Model\.AccessDenied)/.test(code)
        ? 'TASK_PROVIDER_ACCOUNT'
        : undefined;

/** wan2.2 sizes: each side 512–1440 px. */
const side = (v: number) => Math.min(1440, Math.max(512, Math.round(v)));

interface DashScopeAnswer {
  code?: unknown;
  message?: unknown;
  output?: {
    task_id?: unknown;
    task_status?: unknown;
    code?: unknown;
    message?: unknown;
    /** One entry an image: a url, or (when that image failed) its own code and message. */
    results?: { url?: unknown; code?: unknown; message?: unknown }[];
    /** Images asked for, made and failed. */
    task_metrics?: { TOTAL?: unknown; SUCCEEDED?: unknown; FAILED?: unknown };
  };
}

function codeOf(answer: Answer): string | undefined {
  const out = answer.json as DashScopeAnswer | undefined;
  const code = out?.code ?? out?.output?.code;
  return typeof code === 'string' ? code : undefined;
}

/** "CODE: message" (the message shortened) for logs and task records. */
function described(code: string | undefined, message: unknown): string {
  const text = typeof message === 'string' && message ? `: ${message.slice(0, 200)}` : '';
  return `${code ?? 'unknown'}${text}`;
}

/** The input images a task may send. */
type Part = 'base' | 'mask' | 'reference';

/**
 * An image as PNG or JPEG bytes with its type: others are converted to PNG. A picture's
 * transparency is flattened onto white (wan2.5 takes no PNG with an alpha channel); a mask is sent
 * as it is.
 */
async function encoded(image: Buffer, part: Part): Promise<{ bytes: Buffer; type: 'image/png' | 'image/jpeg' }> {
  const { format, hasAlpha } = await sharp(image).metadata();
  if (hasAlpha && part !== 'mask')
    return { bytes: await sharp(image).flatten({ background: '#ffffff' }).png().toBuffer(), type: 'image/png' };
  if (format === 'png') return { bytes: image, type: 'image/png' };
  if (format === 'jpeg') return { bytes: image, type: 'image/jpeg' };
  return { bytes: await sharp(image).png().toBuffer(), type: 'image/png' };
}

/** The name a task's input image is staged as: one set per try, so a retry never meets another's. */
const stagedName = (task: EngineTask, part: Part, ext: 'png' | 'jpg') =>
  `wan/${encodeURIComponent(task.id)}-${task.attempt}-${part}.${ext}`;
const stagedNames = (task: EngineTask) =>
  (['base', 'mask', 'reference'] as const).flatMap((part) =>
    (['png', 'jpg'] as const).map((ext) => stagedName(task, part, ext)),
  );

const DEFAULT_REFERENCE_MODEL = 'wan2.5-i2i-preview';

/** wan2.5-i2i-preview's `size`: 768×768 to 1280×1280 pixels in all, at most 4:1 either way. */
const I2I_MIN_PIXELS = 768 * 768;
const I2I_MAX_PIXELS = 1280 * 1280;
const I2I_MAX_RATIO = 4;

/** The task's size as the reference model makes it: its ratio (within 4:1), its pixels within the model's range. */
export function referenceSize(width: number, height: number): string {
  const ratio = Math.min(I2I_MAX_RATIO, Math.max(1 / I2I_MAX_RATIO, width / height));
  const pixels = Math.min(I2I_MAX_PIXELS, Math.max(I2I_MIN_PIXELS, width * height));
  const h = Math.sqrt(pixels / ratio);
  // Rounded inward when at the top of the range, outward at its foot, so the product stays inside.
  const round = pixels >= I2I_MAX_PIXELS ? Math.floor : Math.ceil;
  return `${round(h * ratio)}*${round(h)}`;
}

/** Image 1, image 2: the order the model reads its input images in (the `images` array's). */
const REFERENCE_ONLY =
  'Create this as a new picture: take only the style, colours and materials of image 1, not its content or composition.';
const REFERENCE_SECOND = 'Keep the composition of image 1; use the colours, materials and mood of image 2.';
const withWords = (prompt: string, words: string) => [prompt.trim(), words].filter(Boolean).join('\n\n');

/**
 * Alibaba Cloud Model Studio's Wan models through DashScope's asynchronous API (header
 * X-DashScope-Async: enable): POST …/text2image/image-synthesis or …/image2image/image-synthesis →
 * output.task_id; GET /api/v1/tasks/{id} until SUCCEEDED (output.results[].url, valid 24 hours),
 * FAILED, CANCELED or UNKNOWN (no such task, or older than 24 hours). One job makes all the task's
 * images (n, 1–4); one that made only some of them still SUCCEEDS, and those are the result.
 * A FAILED job is tried again (by the lifecycle) only for a fault that may pass (isTransient).
 * Input images are brought within the edit model's limits and sent as signed URLs of our file
 * store when `stage` is given, else as data URLs. Prompts are sent as typed: Wan reads Chinese.
 * A cancel asks DashScope to cancel, which it does only while the task still waits (PENDING).
 */
export function createWanEngine(options: WanEngineOptions): Engine {
  const base = options.baseUrl.replace(/\/+$/, '');
  const auth = { authorization: `Bearer ${options.apiKey ?? ''}` };
  const stage = options.stage;

  /**
   * An input image as DashScope takes it: a URL of our own file store it can fetch (signed, short
   * lived) when the server has a public address, else inline as `data:{mime};base64,{data}`.
   */
  async function imageUrl(task: EngineTask, part: Part, image: Buffer): Promise<string> {
    const { bytes, type } = await encoded(image, part);
    if (!stage) return `data:${type};base64,${bytes.toString('base64')}`;
    try {
      return await stage.put(stagedName(task, part, type === 'image/png' ? 'png' : 'jpg'), bytes, type);
    } catch (error) {
      throw new EngineError('unavailable', `wan: the input image could not be stored for DashScope`, {
        cause: error,
      });
    }
  }

  async function request(task: EngineTask) {
    const n = Math.max(1, Math.min(4, Math.floor(task.count)));
    const seed = task.seed % 2 ** 31;
    if (task.images.reference) return withReference(task, n, seed);
    if (task.mode === 'text') {
      return {
        path: '/api/v1/services/aigc/text2image/image-synthesis',
        json: {
          model: task.engineModel ?? options.model,
          input: { prompt: task.prompt, ...(task.negativePrompt ? { negative_prompt: task.negativePrompt } : {}) },
          parameters: { size: `${side(task.width)}*${side(task.height)}`, n, seed },
        },
      };
    }
    if (!task.images.base) throw new EngineError('invalid', `wan: ${task.mode} needs a base image`);
    if (task.mode === 'edit' && !task.images.mask) throw new EngineError('invalid', 'wan: edit needs a mask');
    // Already within the model's limits when prepared for this engine; made so here otherwise.
    const fitted = await withinInputLimits(
      task.images.base,
      WAN_INPUT,
      task.mode === 'edit' ? task.images.mask : undefined,
    );
    const image = await imageUrl(task, 'base', fitted.image);
    const mask = fitted.mask && (await imageUrl(task, 'mask', fitted.mask));
    return {
      path: '/api/v1/services/aigc/image2image/image-synthesis',
      json: {
        model: task.engineModel ?? options.editModel,
        input: {
          // Inpainting through our mask (white = change); iterate restyles the whole picture.
          function: mask ? 'description_edit_with_mask' : 'description_edit',
          prompt: task.prompt,
          base_image_url: image,
          ...(mask ? { mask_image_url: mask } : {}),
        },
        parameters: { n, seed },
      },
    };
  }

  /**
   * A task with a reference, in any mode, on the model that takes several images: the reference
   * alone in text mode (its look asked for, not its content), else after the base. That model takes
   * no mask: an edit's result is laid back onto the original through the mask, as every engine's.
   */
  async function withReference(task: EngineTask, n: number, seed: number) {
    const { base, reference } = task.images;
    if (task.mode !== 'text' && !base) throw new EngineError('invalid', `wan: ${task.mode} needs a base image`);
    const fit = async (image: Buffer) => (await withinInputLimits(image, WAN_INPUT)).image;
    const images = [
      ...(task.mode !== 'text' && base ? [await imageUrl(task, 'base', await fit(base))] : []),
      await imageUrl(task, 'reference', await fit(reference!)),
    ];
    const words = images.length === 1 ? REFERENCE_ONLY : REFERENCE_SECOND;
    return {
      path: '/api/v1/services/aigc/image2image/image-synthesis',
      json: {
        model: options.referenceModel ?? DEFAULT_REFERENCE_MODEL,
        input: {
          prompt: withWords(task.prompt, words),
          images,
          ...(task.negativePrompt ? { negative_prompt: task.negativePrompt } : {}),
        },
        // Without a size the model answers at its last input's ratio: the task's is asked for.
        parameters: { size: referenceSize(task.width, task.height), n, seed },
      },
    };
  }

  const provider: AsyncProvider = {
    name: 'wan',
    server: base,
    configured: Boolean(options.apiKey),
    detail: `models ${options.model} / ${options.editModel} / ${options.referenceModel ?? DEFAULT_REFERENCE_MODEL}`,
    jobsFor: () => 1,
    check(task) {
      if (task.mode === 'upscale') throw new EngineError('invalid', 'wan: upscale is not offered');
    },
    async submit(task, _index, http) {
      const { path, json } = await request(task);
      const answer = await http(
        `${base}${path}`,
        {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json', 'x-dashscope-async': 'enable' },
          body: JSON.stringify(json),
        },
        'create',
      );
      const out = answer.json as DashScopeAnswer | undefined;
      const id = out?.output?.task_id;
      if (answer.status === 200 && typeof id === 'string') return { id };
      const code = codeOf(answer);
      const detail = `HTTP ${answer.status}${code ? `, ${described(code, (answer.json as DashScopeAnswer | undefined)?.message)}` : ''}`;
      if (inspected(code)) {
        throw new EngineError('refused', `wan: the provider's content inspection refused the task (${detail})`, {
          server: base,
        });
      }
      if (answer.status === 200)
        throw new EngineError('lost', `wan: the submission's answer named no task (${detail})`);
      // Nothing was created: a fault that may pass is for the lifecycle's next try, anything else
      // (parameters, key, account, model) ends the task.
      if (isTransient(code, answer.status))
        throw new EngineError('lost', `wan: submission failed (${detail}); not sent again`);
      throw new EngineError('invalid', `wan: submission refused (${detail})`, {
        server: base,
        taskError:
          taskErrorOf(code) ?? (answer.status === 401 || answer.status === 403 ? 'TASK_PROVIDER_ACCOUNT' : undefined),
      });
    },
    async poll(job, http) {
      const answer = await http(
        `${base}/api/v1/tasks/${encodeURIComponent(job.id)}`,
        { method: 'GET', headers: auth },
        'read',
      );
      const out = (answer.json as DashScopeAnswer | undefined)?.output;
      const status = typeof out?.task_status === 'string' ? out.task_status : undefined;
      if (answer.status === 404 || status === 'UNKNOWN') return { state: 'not_found' };
      if (answer.status !== 200 || !status) {
        const code = codeOf(answer);
        return {
          state: 'failed',
          detail: `unexpected answer to a poll (HTTP ${answer.status}${code ? `, ${code}` : ''})`,
          // A refusal (key, account) will not pass; an odd 200 might.
          ...(answer.status !== 200 && !isTransient(code, answer.status)
            ? { transient: false, taskError: taskErrorOf(code) ?? 'TASK_PROVIDER_ACCOUNT' }
            : {}),
        };
      }
      switch (status) {
        case 'PENDING':
          return { state: 'queued' };
        case 'RUNNING':
          return { state: 'running' };
        case 'SUCCEEDED': {
          // SUCCEEDED once one image is made: the others are entries with their own code
          // (InternalError.Timeout…) instead of a url, and task_metrics counts them. The images
          // made are the result; the lifecycle pays back the others. No job is sent to fill the gap.
          const results = Array.isArray(out?.results) ? out.results : [];
          const urls = results.map((r) => r?.url).filter((u): u is string => typeof u === 'string' && u !== '');
          // Each image is inspected on its own: when every one was refused, the task was.
          const refused = results.some((r) => typeof r?.code === 'string' && inspected(r.code));
          if (urls.length === 0 && refused) return { state: 'refused', detail: 'every image failed inspection' };
          return { state: 'succeeded', urls };
        }
        case 'FAILED': {
          const code = typeof out?.code === 'string' ? out.code : undefined;
          const detail = described(code, out?.message);
          if (inspected(code)) return { state: 'refused', detail };
          return { state: 'failed', detail, transient: isTransient(code), taskError: taskErrorOf(code) };
        }
        case 'CANCELED':
          return { state: 'failed', detail: 'cancelled at the provider' };
        default:
          return { state: 'running' };
      }
    },
    async cancel(job, http) {
      await http(
        `${base}/api/v1/tasks/${encodeURIComponent(job.id)}/cancel`,
        { method: 'POST', headers: auth },
        'read',
      );
    },
  };
  const engine = createAsyncJobEngine(provider, { ...options, expectedMs: 20_000 });
  if (!stage) return engine;
  // Staged inputs go once the run is over, whatever its end; a shutdown leaves them for the
  // DashScope task the next process resumes (their signed URLs expire anyway).
  const release = async (task: EngineTask, ctx: EngineRunContext) => {
    if (ctx.signal.aborted && ctx.signal.reason === 'shutdown') return;
    await Promise.all(stagedNames(task).map((name) => stage.remove(name).catch(() => undefined)));
  };
  return {
    ...engine,
    async run(task, ctx) {
      try {
        return await engine.run(task, ctx);
      } finally {
        await release(task, ctx);
      }
    },
    async resume(task, at, ctx) {
      try {
        return await engine.resume!(task, at, ctx);
      } finally {
        await release(task, ctx);
      }
    },
  };
}
