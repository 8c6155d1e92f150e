import { randomUUID } from 'node:crypto';
import { FakeProviderBase, type Reply, type Request } from './fake-provider-base.ts';

/** How a task ends: SUCCEEDED, or FAILED with a DashScope error code. */
export type DashScopeOutcome = { status: 'SUCCEEDED' } | { status: 'FAILED'; code: string; message: string };

interface Task {
  id: string;
  kind: 't2i' | 'edit';
  body: Record<string, unknown>;
  outcome: DashScopeOutcome;
  polls: number;
  status: 'PENDING' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELED';
  urls: string[];
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

/**
 * Alibaba Cloud Model Studio (DashScope) as documented for Wan: task creation needs
 * `Authorization: Bearer` and `X-DashScope-Async: enable` (synchronous calls are refused); input
 * is checked (400 InvalidParameter; DataInspectionFailed for flagged text); GET /api/v1/tasks/{id}
 * → PENDING → RUNNING → SUCCEEDED (output.results[].url) or FAILED (output.code, message);
 * an unknown id → UNKNOWN; POST /api/v1/tasks/{id}/cancel works only while PENDING.
 * Images may be public URLs or data URLs (data:{mime};base64,{data}).
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

  private async answer(req: Request): Promise<Reply> {
    if (req.path.startsWith('/results/')) return this.result(req);
    if (req.headers.authorization !== `Bearer ${this.key}`) {
      return this.error(401, 'InvalidApiKey', 'Invalid API-key provided.');
    }
    if (req.method === 'POST' && (req.path === T2I || req.path === EDIT)) return this.create(req);
    const m = /^\/api\/v1\/tasks\/([^/]+)(\/cancel)?$/.exec(req.path);
    if (m && req.method === 'POST' && m[2]) return this.cancel(m[1]!);
    if (m && req.method === 'GET' && !m[2]) return this.query(m[1]!);
    return this.error(404, 'NotFound', 'Not found');
  }

  private create(req: Request): Reply {
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
    const kind = req.path === T2I ? 't2i' : 'edit';
    if (kind === 't2i') {
      const size = params.size ?? '1024*1024';
      const dims = /^(\d+)\*(\d+)$/.exec(String(size));
      if (!dims || [dims[1], dims[2]].some((d) => Number(d) < 512 || Number(d) > 1440)) {
        return invalid('parameters.size: width and height must be between 512 and 1440');
      }
    } else {
      const url = /^(https?:\/\/|data:image\/(png|jpeg|jpg|bmp|webp);base64,)/;
      if (!FUNCTIONS.has(String(input.function))) return invalid('input.function is not supported');
      if (typeof input.base_image_url !== 'string' || !url.test(input.base_image_url)) {
        return invalid('input.base_image_url must be a URL or Base64 data');
      }
      if (
        input.function === 'description_edit_with_mask' &&
        (typeof input.mask_image_url !== 'string' || !url.test(input.mask_image_url))
      ) {
        return invalid('input.mask_image_url is required for description_edit_with_mask');
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
      urls: [],
    });
    return { status: 200, json: { request_id: randomUUID(), output: { task_id: id, task_status: 'PENDING' } } };
  }

  private async end(task: Task) {
    if (task.outcome.status === 'FAILED') {
      task.status = 'FAILED';
      return;
    }
    const params = (task.body.parameters ?? {}) as { n?: number; size?: string };
    const [w, h] =
      task.kind === 't2i'
        ? String(params.size ?? '1024*1024')
            .split('*')
            .map(Number)
        : [1024, 768];
    const urls: string[] = [];
    for (let i = 0; i < (params.n ?? 4); i++) urls.push(await this.publish(`${task.id}-${i}.png`, w!, h!, this.ttlMs));
    if (task.status !== 'PENDING' && task.status !== 'RUNNING') return;
    task.urls = urls;
    task.status = 'SUCCEEDED';
  }

  private view(task: Task) {
    const output: Record<string, unknown> = { task_id: task.id, task_status: task.status };
    if (task.status === 'SUCCEEDED') {
      output.results = task.urls.map((url) => ({ url, orig_prompt: (task.body.input as { prompt: string }).prompt }));
      output.task_metrics = { TOTAL: task.urls.length, SUCCEEDED: task.urls.length, FAILED: 0 };
    }
    if (task.status === 'FAILED' && task.outcome.status === 'FAILED') {
      output.code = task.outcome.code;
      output.message = task.outcome.message;
    }
    return {
      request_id: randomUUID(),
      output,
      ...(task.status === 'SUCCEEDED' ? { usage: { image_count: task.urls.length } } : {}),
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
