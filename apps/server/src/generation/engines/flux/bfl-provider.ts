import sharp from 'sharp';
import { EngineError, type EngineTask } from '../../engine.ts';
import type { AsyncProvider, JobState, ProviderCall } from '../async-job/async-job-engine.ts';
import type { Answer } from '../provider-http/job-calls.ts';

export interface BflOptions {
  apiKey?: string;
  /** https://api.bfl.ai (global), or a regional endpoint (api.eu.bfl.ai, api.us.bfl.ai). */
  baseUrl: string;
  /** Text tasks (flux-pro-1.1 unless the catalogue names another). */
  model: string;
  /** Tasks with an input image (FLUX.1 Kontext). */
  editModel: string;
  /** When set with `webhookUrl`, BFL calls back when a job ends, and the waiting poll asks at once. */
  webhookSecret?: string;
  webhookUrl?: string;
  /** 0 (strictest) to 6; BFL's default is 2. */
  safetyTolerance?: number;
}

/** Statuses of GET polling_url that end a job; anything else (Pending, and any new one) keeps polling. */
const MODERATED = new Set(['Content Moderated', 'Request Moderated']);

/** Submissions refused for the account (key, credits): every other submission would be refused alike. */
const ACCOUNT_STATUSES = new Set([401, 402, 403]);

/** Whether a submission's refusal was the account's (see ACCOUNT_STATUSES), not the request's own. */
export function accountRefusal(error: EngineError): boolean {
  const status = (error.cause as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' && ACCOUNT_STATUSES.has(status);
}

/** BFL's sizes: multiples of 32 from 256 to 1440 a side (FLUX 1.1 [pro]). */
const side = (v: number) => Math.min(1440, Math.max(256, Math.round(v / 32) * 32));

/** Kontext takes a ratio between 3:7 and 7:3 (about one megapixel), written as integers. */
export function aspectRatio(width: number, height: number): string {
  const r = Math.min(7 / 3, Math.max(3 / 7, width / height));
  // The closest small-integer ratio keeps the result's framing within a pixel or two of ours.
  let best = '1:1';
  let bestError = Infinity;
  for (let h = 1; h <= 21; h++) {
    const w = Math.round(r * h);
    const error = Math.abs(Math.log(w / h / r));
    if (error < bestError - 1e-9) [best, bestError] = [`${w}:${h}`, error];
  }
  return best;
}

/**
 * Models that take input images (`input_image`, and further references as `input_image_2`…):
 * FLUX.1 Kontext (up to four, the second on "experimental multiref") and FLUX.2 (up to eight).
 */
const TAKES_IMAGES = /^flux-(kontext|2)-/;

/** The words that tell Kontext what a reference is for: its look, never its content or framing. */
const REFERENCE_ONLY =
  'Create this as a new picture: take only the style, colours and materials of the input image, not its content or composition.';
const REFERENCE_SECOND =
  "Use the second image as the reference for colours, materials and mood; keep the first image's composition.";

const withWords = (prompt: string, words: string) => [prompt.trim(), words].filter(Boolean).join('\n\n');

/** An input image as BFL takes it inline: base64 PNG. */
const base64Png = async (image: Buffer) => (await sharp(image).png().toBuffer()).toString('base64');

function providerDetail(answer: Answer): string {
  const body = answer.json as { detail?: unknown; status?: unknown } | undefined;
  const detail = typeof body?.status === 'string' ? body.status : undefined;
  return `HTTP ${answer.status}${detail ? `, ${detail}` : ''}`;
}

/**
 * Black Forest Labs' FLUX API (docs.bfl.ai) as an asynchronous provider of one job a task: POST
 * /v1/{model} → {id, polling_url}; GET the polling_url until Ready (result.sample: a signed link
 * valid for 10 minutes), Error, or one of the moderation statuses. The task given is one image
 * (the engine sends one job per image, with that image's seed). Text goes to the text model at our
 * size (multiples of 32); iterate and edit send the base image to Kontext, which keeps the image's
 * ratio. A reference goes to Kontext too: in text mode as its only input image, the prompt asking
 * for the reference's style and materials only; with a base as `input_image_2`, the second image
 * Kontext documents. `onReady` hears of every job BFL reports Ready: its image exists, and is billed.
 */
export function createBflProvider(options: BflOptions, onReady: (jobId: string) => void): AsyncProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const headers = (): Record<string, string> => ({
    accept: 'application/json',
    'content-type': 'application/json',
    'x-key': options.apiKey ?? '',
  });
  const webhook =
    options.webhookSecret && options.webhookUrl
      ? { webhook_url: options.webhookUrl, webhook_secret: options.webhookSecret }
      : {};

  async function body(task: EngineTask, index: number) {
    const seed = (task.seed + index) % 2 ** 31;
    const common = {
      prompt: task.prompt,
      seed,
      output_format: 'png',
      safety_tolerance: options.safetyTolerance ?? 2,
      ...webhook,
    };
    const { base, reference } = task.images;
    const aspect_ratio = aspectRatio(task.width, task.height);
    if (task.mode === 'text' && !reference) {
      return {
        model: task.engineModel ?? options.model,
        json: { ...common, width: side(task.width), height: side(task.height) },
      };
    }
    if (task.mode === 'text') {
      // The catalogue's text model (FLUX 1.1 [pro]) takes no image: the image model does.
      const model = task.engineModel && TAKES_IMAGES.test(task.engineModel) ? task.engineModel : options.editModel;
      return {
        model,
        json: {
          ...common,
          prompt: withWords(task.prompt, REFERENCE_ONLY),
          input_image: await base64Png(reference!),
          aspect_ratio,
        },
      };
    }
    if (!base) throw new EngineError('invalid', `flux: ${task.mode} needs a base image`);
    return {
      model: task.engineModel ?? options.editModel,
      json: {
        ...common,
        ...(reference && { prompt: withWords(task.prompt, REFERENCE_SECOND) }),
        input_image: await base64Png(base),
        ...(reference && { input_image_2: await base64Png(reference) }),
        aspect_ratio,
      },
    };
  }

  return {
    name: 'flux',
    server: base,
    configured: Boolean(options.apiKey),
    detail: `models ${options.model} / ${options.editModel}${options.webhookSecret && options.webhookUrl ? ', webhook on' : ''}`,
    jobsFor: () => 1,
    check(task) {
      if (task.mode === 'upscale') throw new EngineError('invalid', 'flux: the API has no upscale');
    },
    async submit(task, index, http: ProviderCall) {
      const { model, json } = await body(task, index);
      if (!/^[\w.-]+$/.test(model)) throw new EngineError('invalid', `flux: model name "${model}" is not valid`);
      const answer = await http(
        `${base}/v1/${model}`,
        { method: 'POST', headers: headers(), body: JSON.stringify(json) },
        'create',
      );
      const out = answer.json as { id?: unknown; polling_url?: unknown } | undefined;
      if (answer.status === 200 && typeof out?.id === 'string') {
        return { id: out.id, pollUrl: typeof out.polling_url === 'string' ? out.polling_url : undefined };
      }
      const detail = providerDetail(answer);
      if (answer.status === 200)
        throw new EngineError('lost', `flux: the submission's answer named no job (${detail})`);
      // 402: out of credits; 401/403: key refused; 422: a parameter refused. Trying again would not help.
      if (answer.status < 500)
        throw new EngineError('invalid', `flux: submission refused (${detail})`, { cause: { status: answer.status } });
      throw new EngineError('lost', `flux: submission failed (${detail}); not sent again`);
    },
    async poll(job, http) {
      // The global endpoint routes jobs across clusters: its polling_url is the only right place to ask.
      const url = job.pollUrl ?? `${base}/v1/get_result?id=${encodeURIComponent(job.id)}`;
      const answer = await http(url, { method: 'GET', headers: headers() }, 'read');
      const out = answer.json as { status?: unknown; result?: { sample?: unknown }; progress?: unknown } | undefined;
      const status = typeof out?.status === 'string' ? out.status : undefined;
      if (answer.status === 404 || status === 'Task not found') return { state: 'not_found' };
      if (answer.status !== 200 || !status) {
        return { state: 'failed', detail: `unexpected answer to a poll (${providerDetail(answer)})` };
      }
      if (status === 'Ready') {
        const sample = out?.result?.sample;
        if (typeof sample !== 'string') return { state: 'succeeded', urls: [] };
        onReady(job.id);
        return { state: 'succeeded', urls: [sample] };
      }
      if (MODERATED.has(status)) return { state: 'refused', detail: status };
      if (status === 'Error' || status === 'Failed') return { state: 'failed', detail: status };
      const progress =
        typeof out?.progress === 'number' ? Math.round(out.progress * (out.progress <= 1 ? 100 : 1)) : undefined;
      return { state: 'running', progress } satisfies JobState;
    },
  };
}
