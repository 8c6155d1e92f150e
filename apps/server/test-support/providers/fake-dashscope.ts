import { randomUUID } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { FakeProviderBase, type Reply, type Request } from './fake-provider-base.ts';

/**
 * How a task ends: SUCCEEDED, or FAILED with a DashScope error code. A SUCCEEDED task may have
 * made only some of its n images: `failed` of them come back as entries with their own `code`
 * (InternalError.Timeout unless given) instead of a url, counted in task_metrics. When every image
 * failed the task is FAILED with that code, as DashScope reports it.
 */
export type DashScopeOutcome =
  | { status: 'SUCCEEDED'; failed?: number; code?: string; message?: string }
  | { status: 'FAILED'; code: string; message: string };

/** An input image as the fake received it (decoded from a data URL or fetched from its URL). */
export interface ReceivedImage {
  via: 'data' | 'url' | 'oss';
  url: string;
  width: number;
  height: number;
  bytes: number;
  format: string | undefined;
}

interface Task {
  id: string;
  /** Text to image, wanx2.1 image editing (a function and base_image_url) or a multi-image model (`images`). */
  kind: 't2i' | 'edit' | 'images';
  body: Record<string, unknown>;
  outcome: DashScopeOutcome;
  polls: number;
  status: 'PENDING' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELED';
  /** One entry an image asked for: its link, or why it failed. */
  results: ({ url: string } | { code: string; message: string })[];
  /** Set when a SUCCEEDED outcome turned FAILED because no image was made. */
  failure?: { code: string; message: string };
  inputs: { base?: ReceivedImage; mask?: ReceivedImage; images?: ReceivedImage[] };
}

const T2I = '/api/v1/services/aigc/text2image/image-synthesis';
const EDIT = '/api/v1/services/aigc/image2image/image-synthesis';
const FUNCTIONS = new Set([
  'stylization_all',
  'stylization_local',
  'description_edit',
  'description_edit_with_mask',
  'remove_watermark',
  'expand',
  'super_resolution',
  'colorization',
  'doodle',
  'control_cartoon_feature',
]);
/** Text the fake's "content inspection" refuses at submission, as DashScope refuses flagged input. */
export const FLAGGED = 'forbidden-word';
/** wanx2.1-imageedit's documented input limits: JPG/JPEG/PNG/BMP/TIFF/WEBP, 512–4096 px a side, at most 10 MB. */
export const EDIT_INPUT = { minSide: 512, maxSide: 4096, maxBytes: 10 * 1024 * 1024 };
const EDIT_FORMATS = new Set(['jpeg', 'png', 'bmp', 'tiff', 'webp']);
type ImageLimits = { minSide: number; maxSide: number; maxBytes: number; formats: Set<string>; opaque?: boolean };
const EDIT_LIMITS: ImageLimits = { ...EDIT_INPUT, formats: EDIT_FORMATS };
/**
 * wan2.5-i2i-preview (general image editing 2.5): `input.images`, one to three, each JPEG, JPG,
 * PNG (no transparency), BMP or WEBP, 384–5000 px a side, at most 10 MB; `parameters.size`
 * width*height of 768*768 to 1280*1280 pixels in all, at most 4:1 either way.
 */
export const MULTI_IMAGE_MODELS = new Set(['wan2.5-i2i-preview']);
export const IMAGES_INPUT = { minSide: 384, maxSide: 5000, maxBytes: 10 * 1024 * 1024, most: 3 };
const IMAGES_FORMATS = new Set(['jpeg', 'png', 'bmp', 'webp']);
const IMAGES_PIXELS = { min: 768 * 768, max: 1280 * 1280 };

/**
 * Alibaba Cloud Model Studio (DashScope) as documented for Wan: task creation needs
 * `Authorization: Bearer` and `X-DashScope-Async: enable` (synchronous calls are refused); input
 * is checked (400 InvalidParameter; DataInspectionFailed for flagged text); GET /api/v1/tasks/{id}
 * → PENDING → RUNNING → SUCCEEDED (output.results[]: a url per image made, `{code, message}` per
 * image that failed; output.task_metrics {TOTAL, SUCCEEDED, FAILED}; usage.image_count counts only
 * those made) or FAILED (output.code, message); an unknown id → UNKNOWN; POST
 * /api/v1/tasks/{id}/cancel works only while PENDING. Input images of image editing may be public
 * http(s) URLs (fetched at submission here), `oss://` URLs (taken as they are) or data URLs
 * (data:{mime};base64,{data}); each must be 512–4096 px a side and at most 10 MB, and a mask the
 * base's size (400 InvalidParameter otherwise). The multi-image model (wan2.5-i2i-preview) takes
 * `input.images` instead, with its own limits (MULTI_IMAGE_MODELS, IMAGES_INPUT).
 */
export class FakeDashScope extends FakeProviderBase {
  readonly tasks = new Map<string, Task>();
  readonly outcomes: DashScopeOutcome[] = [];
  /** Polls answered PENDING, then RUNNING, before a task ends (when not held). */
  pendingPolls = 1;
  runningPolls = 1;
  hold = false;
  /** Result links stay valid this long (DashScope: 24 hours). */
  ttlMs = 24 * 3_600_000;
  readonly key: string;

  static async start(key = 'sk-test') {
    return (await new FakeDashScope(key).listen()) as FakeDashScope;
  }

  private constructor(key: string) {
    super(
      (r) =>
        r.path.startsWith('/results/')
          ? 'result'
          : r.path.startsWith('/hosted/')
            ? 'hosted'
            : r.method === 'POST' && (r.path === T2I || r.path === EDIT)
              ? 'submit'
              : r.path.endsWith('/cancel')
                ? 'cancel'
                : r.path.startsWith('/api/v1/tasks/')
                  ? 'poll'
                  : 'other',
      (r) => this.answer(r),
    );
    this.key = key;
  }

  submissions() {
    return this.requestsTo('submit');
  }

  private error(status: number, code: string, message: string): Reply {
    return { status, json: { request_id: randomUUID(), code, message } };
  }

  /** How the fake downloads an http(s) input image (a test may route it to the app under test). */
  fetchInput: (url: string) => Promise<Response> = (url) => fetch(url, { signal: AbortSignal.timeout(5_000) });

  /**
   * Files served at /hosted/<name> without a key, standing in for a public file store whose
   * links DashScope fetches (tests stage input images here).
   */
  readonly hosted = new Map<string, { bytes: Buffer; type: string }>();

  private async answer(req: Request): Promise<Reply> {
    if (req.path.startsWith('/results/')) return this.result(req);
    if (req.path.startsWith('/hosted/')) {
      const file = this.hosted.get(decodeURIComponent(req.path.slice('/hosted/'.length)));
      return file
        ? { status: 200, headers: { 'content-type': file.type }, bytes: file.bytes }
        : { status: 404, text: 'NoSuchKey' };
    }
    if (req.headers.authorization !== `Bearer ${this.key}`) {
      return this.error(401, 'InvalidApiKey', 'Invalid API-key provided.');
    }
    if (req.method === 'POST' && (req.path === T2I || req.path === EDIT)) return this.create(req);
    const m = /^\/api\/v1\/tasks\/([^/]+)(\/cancel)?$/.exec(req.path);
    if (m && req.method === 'POST' && m[2]) return this.cancel(m[1]!);
    if (m && req.method === 'GET' && !m[2]) return this.query(m[1]!);
    return this.error(404, 'NotFound', 'Not found');
  }

  /** The image behind an input URL, or why DashScope would refuse it (the edit model's limits unless given). */
  private async inputImage(url: unknown, name: string, limits = EDIT_LIMITS): Promise<ReceivedImage | string> {
    if (typeof url !== 'string') return `input.${name} must be a URL or Base64 data`;
    if (url.startsWith('oss://')) return { via: 'oss', url, width: 1024, height: 1024, bytes: 0, format: undefined };
    let bytes: Buffer;
    let via: ReceivedImage['via'];
    const data = /^data:image\/(png|jpeg|jpg|bmp|tiff|webp);base64,(.*)$/s.exec(url);
    if (data) {
      bytes = Buffer.from(data[2]!, 'base64');
      via = 'data';
    } else if (/^https?:\/\//.test(url)) {
      try {
        const res = await this.fetchInput(url);
        if (!res.ok) return `input.${name}: the image could not be downloaded (HTTP ${res.status})`;
        bytes = Buffer.from(await res.arrayBuffer());
      } catch {
        return `input.${name}: the image could not be downloaded`;
      }
      via = 'url';
    } else {
      return `input.${name} must be a URL or Base64 data`;
    }
    let meta: Metadata;
    try {
      meta = await sharp(bytes).metadata();
    } catch {
      return `input.${name}: the image could not be read`;
    }
    const { width = 0, height = 0, format } = meta;
    if (!format || !limits.formats.has(format)) return `input.${name}: unsupported image format`;
    if (limits.opaque && format === 'png' && meta.hasAlpha) return `input.${name}: PNG images must not be transparent`;
    if (bytes.length > limits.maxBytes) return `input.${name}: the image must not exceed 10 MB`;
    if (Math.min(width, height) < limits.minSide || Math.max(width, height) > limits.maxSide) {
      return `input.${name}: image width and height must be between ${limits.minSide} and ${limits.maxSide} pixels (got ${width}x${height})`;
    }
    return { via, url, width, height, bytes: bytes.length, format };
  }

  private async create(req: Request): Promise<Reply> {
    if (req.headers['x-dashscope-async'] !== 'enable') {
      return this.error(403, 'AccessDenied', 'current user api does not support synchronous calls');
    }
    const body = req.json as
      { model?: unknown; input?: Record<string, unknown>; parameters?: Record<string, unknown> } | undefined;
    const input = body?.input;
    const params = body?.parameters ?? {};
    const invalid = (message: string) => this.error(400, 'InvalidParameter', message);
    if (typeof body?.model !== 'string') return invalid('Model not exist.');
    if (!input || typeof input.prompt !== 'string' || !input.prompt) return invalid('input.prompt is required');
    if (String(input.prompt).includes(FLAGGED)) {
      return this.error(400, 'DataInspectionFailed', 'Input data may contain inappropriate content.');
    }
    const n = params.n ?? 4;
    if (typeof n !== 'number' || n < 1 || n > 4) return invalid('parameters.n must be between 1 and 4');
    const kind = req.path === T2I ? 't2i' : MULTI_IMAGE_MODELS.has(body.model) ? 'images' : 'edit';
    if (kind === 't2i') {
      const size = params.size ?? '1024*1024';
      const dims = /^(\d+)\*(\d+)$/.exec(String(size));
      if (!dims || [dims[1], dims[2]].some((d) => Number(d) < 512 || Number(d) > 1440)) {
        return invalid('parameters.size: width and height must be between 512 and 1440');
      }
    }
    const inputs: Task['inputs'] = {};
    if (kind === 'images') {
      const problem = await this.multiImage(input, params, inputs);
      if (problem) return invalid(problem);
    }
    if (kind === 'edit') {
      if (!FUNCTIONS.has(String(input.function))) return invalid('input.function is not supported');
      const base = await this.inputImage(input.base_image_url, 'base_image_url');
      if (typeof base === 'string') return invalid(base);
      inputs.base = base;
      if (input.function === 'description_edit_with_mask') {
        if (typeof input.mask_image_url !== 'string')
          return invalid('input.mask_image_url is required for description_edit_with_mask');
        const mask = await this.inputImage(input.mask_image_url, 'mask_image_url');
        if (typeof mask === 'string') return invalid(mask);
        if (base.via !== 'oss' && mask.via !== 'oss' && (mask.width !== base.width || mask.height !== base.height))
          return invalid('input.mask_image_url must have the same resolution as input.base_image_url');
        inputs.mask = mask;
      }
    }
    const id = randomUUID();
    this.tasks.set(id, {
      id,
      kind,
      body: body as Record<string, unknown>,
      outcome: this.outcomes.shift() ?? { status: 'SUCCEEDED' },
      polls: 0,
      status: 'PENDING',
      results: [],
      inputs,
    });
    return { status: 200, json: { request_id: randomUUID(), output: { task_id: id, task_status: 'PENDING' } } };
  }

  /** wan2.5-i2i-preview's inputs: the images (recorded in `inputs.images`) and the size; why they are refused. */
  private async multiImage(
    input: Record<string, unknown>,
    params: Record<string, unknown>,
    inputs: Task['inputs'],
  ): Promise<string | undefined> {
    const images = input.images;
    if (!Array.isArray(images) || images.length === 0) return 'input.images is required';
    if (images.length > IMAGES_INPUT.most) return `input.images must hold at most ${IMAGES_INPUT.most} images`;
    inputs.images = [];
    for (const url of images) {
      const image = await this.inputImage(url, 'images', { ...IMAGES_INPUT, formats: IMAGES_FORMATS, opaque: true });
      if (typeof image === 'string') return image;
      inputs.images.push(image);
    }
    if (params.size === undefined) return undefined;
    const dims = /^(\d+)\*(\d+)$/.exec(String(params.size));
    const [w, h] = dims ? [Number(dims[1]), Number(dims[2])] : [0, 0];
    if (w * h < IMAGES_PIXELS.min || w * h > IMAGES_PIXELS.max || Math.max(w / h, h / w) > 4)
      return 'parameters.size: total pixels must be between 768*768 and 1280*1280, with an aspect ratio between 1:4 and 4:1';
    return undefined;
  }

  private async end(task: Task) {
    if (task.outcome.status === 'FAILED') {
      task.status = 'FAILED';
      return;
    }
    const params = (task.body.parameters ?? {}) as { n?: number; size?: string };
    const n = params.n ?? 4;
    const failed = Math.min(n, Math.max(0, task.outcome.failed ?? 0));
    const failure = {
      code: task.outcome.code ?? 'InternalError.Timeout',
      message:
        task.outcome.message ?? 'An internal timeout error has occured during execution, please try again later.',
    };
    // The edit model answers at its input's size; a t2i task at the size asked for, as does the
    // multi-image model (without one, 1280*1280 pixels at the last input's ratio).
    const last = task.inputs.images?.at(-1);
    const side = (a: number, b: number) => Math.round(1280 * Math.sqrt(a / b));
    const fallback = last ? `${side(last.width, last.height)}*${side(last.height, last.width)}` : '1024*1024';
    const [w, h] =
      task.kind === 'edit'
        ? [task.inputs.base?.width ?? 1024, task.inputs.base?.height ?? 768]
        : String(params.size ?? fallback)
            .split('*')
            .map(Number);
    const results: Task['results'] = [];
    // The failed images are the last ones, as good a place as any.
    for (let i = 0; i < n - failed; i++)
      results.push({ url: await this.publish(`${task.id}-${i}.png`, w!, h!, this.ttlMs) });
    for (let i = n - failed; i < n; i++) results.push({ ...failure });
    if (task.status !== 'PENDING' && task.status !== 'RUNNING') return;
    task.results = results;
    if (failed === n) {
      task.failure = failure;
      task.status = 'FAILED';
    } else task.status = 'SUCCEEDED';
  }

  private view(task: Task) {
    const output: Record<string, unknown> = { task_id: task.id, task_status: task.status };
    const made = task.results.filter((r) => 'url' in r).length;
    if (task.status === 'SUCCEEDED') {
      const prompt = (task.body.input as { prompt: string }).prompt;
      output.results = task.results.map((r) => ('url' in r ? { url: r.url, orig_prompt: prompt } : r));
      output.task_metrics = { TOTAL: task.results.length, SUCCEEDED: made, FAILED: task.results.length - made };
    }
    if (task.status === 'FAILED') {
      const failure = task.outcome.status === 'FAILED' ? task.outcome : task.failure;
      if (failure) Object.assign(output, { code: failure.code, message: failure.message });
    }
    return {
      request_id: randomUUID(),
      output,
      ...(task.status === 'SUCCEEDED' ? { usage: { image_count: made } } : {}),
    };
  }

  private async query(id: string): Promise<Reply> {
    const task = this.tasks.get(id);
    if (!task)
      return { status: 200, json: { request_id: randomUUID(), output: { task_id: id, task_status: 'UNKNOWN' } } };
    task.polls += 1;
    if (!this.hold && (task.status === 'PENDING' || task.status === 'RUNNING')) {
      if (task.polls > this.pendingPolls + this.runningPolls) await this.end(task);
      else if (task.polls > this.pendingPolls) task.status = 'RUNNING';
    }
    return { status: 200, json: this.view(task) };
  }

  private cancel(id: string): Reply {
    const task = this.tasks.get(id);
    if (!task || task.status !== 'PENDING') {
      return this.error(
        400,
        'UnsupportedOperation',
        'Failed to cancel the task, please confirm if the task is in PENDING status.',
      );
    }
    task.status = 'CANCELED';
    return { status: 200, json: { request_id: randomUUID() } };
  }

  /** Ends every held task with its outcome. */
  async release() {
    this.hold = false;
    for (const task of this.tasks.values())
      if (task.status === 'PENDING' || task.status === 'RUNNING') await this.end(task);
  }
}
