import sharp from 'sharp';
import { EngineError, type Engine, type EngineTask } from '../../engine.ts';
import { createAsyncJobEngine, type AsyncJobOptions, type AsyncProvider } from '../async-job/async-job-engine.ts';
import type { Answer } from '../async-job/provider-http.ts';

export interface WanEngineOptions extends Omit<AsyncJobOptions, 'expectedMs' | 'wakeups'> {
  apiKey?: string;
  /** https://dashscope-intl.aliyuncs.com (Singapore) or https://dashscope.aliyuncs.com (Beijing). */
  baseUrl: string;
  /** Text to image (wan2.2-t2i-flash). */
  model: string;
  /** Image editing (wanx2.1-imageedit: Beijing region only). */
  editModel: string;
}

/** DashScope's codes for content its inspection refused (prompt, input image or output). */
const INSPECTION = /DataInspection|IPInfringement|inappropriate/i;

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
    results?: { url?: unknown; code?: unknown }[];
  };
}

function codeOf(answer: Answer): string | undefined {
  const out = answer.json as DashScopeAnswer | undefined;
  const code = out?.code ?? out?.output?.code;
  return typeof code === 'string' ? code : undefined;
}

/** An input image as a data URL: the image2image API takes `data:{mime};base64,{data}` as well as a public URL. */
async function dataUrl(image: Buffer): Promise<string> {
  const png = await sharp(image).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/**
 * Alibaba Cloud Model Studio's Wan models through DashScope's asynchronous API (header
 * X-DashScope-Async: enable): POST …/text2image/image-synthesis or …/image2image/image-synthesis →
 * output.task_id; GET /api/v1/tasks/{id} until SUCCEEDED (output.results[].url, valid 24 hours),
 * FAILED, CANCELED or UNKNOWN (no such task, or older than 24 hours). One job makes all the task's
 * images (n, 1–4). Prompts are sent as typed: Wan reads Chinese. A cancel asks DashScope to cancel,
 * which it does only while the task still waits (PENDING).
 */
export function createWanEngine(options: WanEngineOptions): Engine {
  const base = options.baseUrl.replace(/\/+$/, '');
  const auth = { authorization: `Bearer ${options.apiKey ?? ''}` };

  async function request(task: EngineTask) {
    const n = Math.max(1, Math.min(4, Math.floor(task.count)));
    const seed = task.seed % 2 ** 31;
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
    const image = task.images.base;
    if (!image) throw new EngineError('invalid', `wan: ${task.mode} needs a base image`);
    const mask = task.mode === 'edit' ? task.images.mask : undefined;
    if (task.mode === 'edit' && !mask) throw new EngineError('invalid', 'wan: edit needs a mask');
    return {
      path: '/api/v1/services/aigc/image2image/image-synthesis',
      json: {
        model: task.engineModel ?? options.editModel,
        input: {
          // Inpainting through our mask (white = change); iterate restyles the whole picture.
          function: mask ? 'description_edit_with_mask' : 'description_edit',
          prompt: task.prompt,
          base_image_url: await dataUrl(image),
          ...(mask ? { mask_image_url: await dataUrl(mask) } : {}),
        },
        parameters: { n, seed },
      },
    };
  }

  const provider: AsyncProvider = {
    name: 'wan',
    server: base,
    configured: Boolean(options.apiKey),
    detail: `models ${options.model} / ${options.editModel}`,
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
      const detail = `HTTP ${answer.status}${code ? `, ${code}` : ''}`;
      if (code && INSPECTION.test(code)) {
        throw new EngineError('refused', `wan: the provider's content inspection refused the task (${detail})`, {
          server: base,
        });
      }
      if (answer.status === 200)
        throw new EngineError('lost', `wan: the submission's answer named no task (${detail})`);
      if (answer.status < 500) throw new EngineError('invalid', `wan: submission refused (${detail})`);
      throw new EngineError('lost', `wan: submission failed (${detail}); not sent again`);
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
        return {
          state: 'failed',
          detail: `unexpected answer to a poll (HTTP ${answer.status}${codeOf(answer) ? `, ${codeOf(answer)}` : ''})`,
        };
      }
      switch (status) {
        case 'PENDING':
          return { state: 'queued' };
        case 'RUNNING':
          return { state: 'running' };
        case 'SUCCEEDED': {
          const results = out?.results ?? [];
          const urls = results.map((r) => r.url).filter((u): u is string => typeof u === 'string');
          // Each image is inspected on its own: when every one was refused, the task was.
          const refused = results.some((r) => typeof r.code === 'string' && INSPECTION.test(r.code));
          if (urls.length === 0 && refused) return { state: 'refused', detail: 'every image failed inspection' };
          return { state: 'succeeded', urls };
        }
        case 'FAILED': {
          const code = typeof out?.code === 'string' ? out.code : 'unknown';
          return INSPECTION.test(code) ? { state: 'refused', detail: code } : { state: 'failed', detail: code };
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
  return createAsyncJobEngine(provider, { ...options, expectedMs: 20_000 });
}
