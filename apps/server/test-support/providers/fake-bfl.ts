import { createHmac, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { FakeProviderBase, type Reply, type Request } from './fake-provider-base.ts';

/** How a job ends (docs.bfl.ai: the statuses of GET polling_url). */
export type BflOutcome = 'Ready' | 'Error' | 'Content Moderated' | 'Request Moderated';

/** An input image as the fake decoded it from its base64 field. */
export interface BflInput {
  width: number;
  height: number;
  format: string | undefined;
}

/** Kontext's input images: `input_image`, and `input_image_2` to `_4` ("experimental multiref"). */
const KONTEXT_INPUTS = ['input_image', 'input_image_2', 'input_image_3', 'input_image_4'];
/** Kontext reads an input image of up to 20 megapixels (or 20 MB). */
const KONTEXT_MAX_PIXELS = 20_000_000;
const KONTEXT_MAX_BYTES = 20_000_000;

interface Job {
  id: string;
  model: string;
  body: Record<string, unknown>;
  /** The input images it was given, by field. */
  inputs: Record<string, BflInput>;
  outcome: BflOutcome;
  polls: number;
  done: boolean;
  sample?: string;
  webhook?: { url: string; secret?: string };
}

/** Output size by model: FLUX 1.1 [pro] the width and height asked for; Kontext ~1 MP at the ratio asked for. */
function outputSize(model: string, body: Record<string, unknown>) {
  if (model.startsWith('flux-kontext')) {
    const [w, h] = String(body.aspect_ratio ?? '1:1')
      .split(':')
      .map(Number) as [number, number];
    const height = Math.round(Math.sqrt((1024 * 1024 * h) / w) / 32) * 32;
    return { width: Math.round((height * w) / h / 32) * 32, height };
  }
  return { width: Number(body.width ?? 1024), height: Number(body.height ?? 768) };
}

/** An Azure Storage error as BFL's delivery host answers it: XML, its code also in `x-ms-error-code`. */
function storageError(status: number, code: string, message: string, detail?: string): Reply {
  const requestId = randomUUID();
  const text =
    `<?xml version="1.0" encoding="utf-8"?><Error><Code>${code}</Code><Message>${message}\n` +
    `RequestId:${requestId}\nTime:${new Date().toISOString()}</Message>` +
    (detail ? `<AuthenticationErrorDetail>${detail}</AuthenticationErrorDetail>` : '') +
    '</Error>';
  return {
    status,
    headers: { 'content-type': 'application/xml', 'x-ms-error-code': code, 'x-ms-request-id': requestId },
    text,
  };
}

const httpDate = (ms: number) => new Date(ms).toUTCString();

/**
 * Black Forest Labs' API as documented (docs.bfl.ai): POST /v1/{model} with `x-key` → {id,
 * polling_url} (or {id, status, webhook_url} when a webhook_url is given); GET polling_url →
 * Pending (with progress) → Ready (result.sample: a signed link, 10 minutes) or Error / Content
 * Moderated / Request Moderated; an unknown id → "Task not found". Parameters are checked as the
 * API does (422), Kontext's input images too (`input_image` to `input_image_4`: base64 or a URL, up
 * to 20 MB and 20 megapixels; decoded ones are kept on the job as `inputs`). With `hold`, jobs
 * stay Pending until `release()`, which also sends the signed
 * webhook of each job that asked for one.
 *
 * Result links are BFL's delivery links (delivery-eu1.bfl.ai/results/…/sample.png): Azure Storage
 * shared-access signatures whose `se` is the moment they stop working, `ttlMs` after the job ended,
 * on the fake's clock (`now()`, moved on by `advance`). The delivery host answers an expired or
 * altered link 403 AuthenticationFailed, and one whose image is gone (`purge`) 404 BlobNotFound.
 */
export class FakeBfl extends FakeProviderBase {
  readonly jobs = new Map<string, Job>();
  /** Outcomes of the next submissions, in order (default Ready). */
  readonly outcomes: BflOutcome[] = [];
  /** Polls answered Pending before a job ends (when not held). */
  pendingPolls = 2;
  hold = false;
  /** Result links stay valid this long (BFL: 10 minutes). */
  ttlMs = 600_000;
  readonly key: string;
  /** Webhook deliveries: status our server answered. */
  readonly deliveries: { id: string; status: number }[] = [];

  static async start(key = 'bfl-test-key') {
    return (await new FakeBfl(key).listen()) as FakeBfl;
  }

  private constructor(key: string) {
    super(
      (r) =>
        r.path.startsWith('/results/')
          ? 'result'
          : r.method === 'POST' && r.path.startsWith('/v1/')
            ? 'submit'
            : r.path === '/v1/get_result'
              ? 'poll'
              : 'other',
      (r) => this.answer(r),
    );
    this.key = key;
  }

  submissions() {
    return this.requestsTo('submit');
  }

  private async answer(req: Request): Promise<Reply> {
    if (req.path.startsWith('/results/')) return this.result(req);
    if (req.headers['x-key'] !== this.key)
      return { status: 403, json: { detail: 'Not authenticated - Invalid Authentication' } };
    if (req.method === 'POST' && req.path.startsWith('/v1/')) return this.submit(req);
    if (req.method === 'GET' && req.path === '/v1/get_result') return this.poll(req.query.get('id') ?? '');
    return { status: 404, json: { detail: 'Not Found' } };
  }

  /** A base64 input image as Kontext reads it, or why the API refuses it (422). */
  private async inputImage(value: unknown): Promise<BflInput | string> {
    if (typeof value !== 'string' || value.length < 16) return 'invalid image';
    if (/^https?:\/\//.test(value)) return { width: 0, height: 0, format: undefined };
    const bytes = Buffer.from(value, 'base64');
    if (bytes.length > KONTEXT_MAX_BYTES) return 'image exceeds 20 MB';
    try {
      const meta = await sharp(bytes).metadata();
      if (!meta.width || !meta.height) return 'invalid image';
      if (meta.width * meta.height > KONTEXT_MAX_PIXELS) return 'image exceeds 20 megapixels';
      return { width: meta.width, height: meta.height, format: meta.format };
    } catch {
      return 'invalid image';
    }
  }

  private async submit(req: Request): Promise<Reply> {
    const model = req.path.slice('/v1/'.length);
    const body = req.json as Record<string, unknown> | undefined;
    const invalid = (msg: string, loc: string) => ({
      status: 422,
      json: { detail: [{ loc: ['body', loc], msg, type: 'value_error' }] },
    });
    if (!body || typeof body.prompt !== 'string') return invalid('Field required', 'prompt');
    if (!['flux-pro-1.1', 'flux-pro-1.1-ultra', 'flux-kontext-pro', 'flux-kontext-max', 'flux-dev'].includes(model)) {
      return { status: 404, json: { detail: 'Not Found' } };
    }
    if (model.startsWith('flux-pro-1.1') || model === 'flux-dev') {
      for (const k of ['width', 'height'] as const) {
        const v = body[k];
        if (v !== undefined && (typeof v !== 'number' || v % 32 !== 0 || v < 256 || v > 1440)) {
          return invalid('must be a multiple of 32 between 256 and 1440', k);
        }
      }
    } else if (body.aspect_ratio !== undefined && !/^\d+:\d+$/.test(String(body.aspect_ratio))) {
      return invalid('invalid aspect ratio', 'aspect_ratio');
    }
    const inputs: Record<string, BflInput> = {};
    const fields = model.startsWith('flux-kontext') ? KONTEXT_INPUTS : ['input_image'];
    for (const field of fields) {
      if (body[field] === undefined || body[field] === null) continue;
      const image = await this.inputImage(body[field]);
      if (typeof image === 'string') return invalid(image, field);
      inputs[field] = image;
    }
    const id = randomUUID();
    const webhook =
      typeof body.webhook_url === 'string'
        ? { url: body.webhook_url, secret: body.webhook_secret as string | undefined }
        : undefined;
    const outcome = this.outcomes.shift() ?? 'Ready';
    this.jobs.set(id, { id, model, body, inputs, outcome, polls: 0, done: false, webhook });
    if (webhook) return { status: 200, json: { id, status: 'Pending', webhook_url: webhook.url } };
    return { status: 200, json: { id, polling_url: `${this.url}/v1/get_result?id=${id}` } };
  }

  private async finish(job: Job) {
    if (job.done) return;
    if (job.outcome === 'Ready') {
      const { width, height } = outputSize(job.model, job.body);
      job.sample = await this.publish(`${job.id.replaceAll('-', '')}/sample.png`, width, height, this.ttlMs);
    }
    job.done = true;
  }

  private signature(path: string, se: string) {
    return createHmac('sha256', this.key).update(`${path}\n${se}`).digest('base64');
  }

  /** A delivery link as BFL hands it out: the blob's path with a read-only signature that ends at `se`. */
  protected override async publish(name: string, width: number, height: number, ttlMs: number) {
    const file = await this.store(name, width, height, ttlMs);
    const path = `/results/${name}`;
    const se = new Date(file.expiresAt).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const query = new URLSearchParams({
      se,
      sp: 'r',
      sv: '2024-11-04',
      sr: 'b',
      rsct: 'image/png',
      sig: this.signature(path, se),
    });
    return `${this.url}${path}?${query}`;
  }

  /** The delivery host: the image while its signature holds and its time has not passed. */
  protected override result(req: Request): Reply {
    const se = req.query.get('se') ?? '';
    const sig = req.query.get('sig') ?? '';
    const expiry = Date.parse(se);
    const failed =
      'Server failed to authenticate the request. Make sure the value of Authorization header is formed correctly including the signature.';
    if (!se || Number.isNaN(expiry) || sig !== this.signature(req.path, se)) {
      return storageError(403, 'AuthenticationFailed', failed, 'Signature did not match.');
    }
    const now = this.now();
    const file = this.files.get(req.path.slice('/results/'.length));
    // `expireResults` ends a link before its `se`, as if that time had come.
    if (now >= Math.min(expiry, file?.expiresAt ?? Infinity)) {
      return storageError(
        403,
        'AuthenticationFailed',
        failed,
        `Signature not valid in the specified time frame: Expiry [${httpDate(expiry)}] - Current [${httpDate(now)}]`,
      );
    }
    if (!file) return storageError(404, 'BlobNotFound', 'The specified blob does not exist.');
    return { status: 200, headers: { 'content-type': 'image/png' }, bytes: file.png };
  }

  /** Deletes every result image (its links then answer 404 BlobNotFound while their signature holds). */
  purge() {
    this.files.clear();
  }

  private view(job: Job) {
    if (!job.done) return { id: job.id, status: 'Pending', result: null, progress: Math.min(0.9, job.polls * 0.3) };
    if (job.outcome === 'Ready') {
      return {
        id: job.id,
        status: 'Ready',
        result: { sample: job.sample, prompt: job.body.prompt, seed: job.body.seed },
        progress: null,
      };
    }
    return { id: job.id, status: job.outcome, result: null, progress: null };
  }

  private async poll(id: string): Promise<Reply> {
    const job = this.jobs.get(id);
    if (!job) return { status: 200, json: { id, status: 'Task not found', result: null, progress: null } };
    job.polls += 1;
    if (!this.hold && !job.done && job.polls > this.pendingPolls) await this.finish(job);
    return { status: 200, json: this.view(job) };
  }

  /** Ends every held job (with its outcome) and sends the webhooks asked for. */
  async release() {
    this.hold = false;
    await this.releaseSome(() => true);
  }

  /** Ends the held jobs `which` picks (the others stay held) and sends the webhooks they asked for. */
  async releaseSome(which: (job: Job) => boolean) {
    for (const job of this.jobs.values()) {
      if (job.done || !which(job)) continue;
      await this.finish(job);
      if (job.webhook) await this.deliver(job);
    }
  }

  /** POSTs the job's state to its webhook_url, signed with its secret (X-BFL-Signature: sha256=<hex>). */
  async deliver(job: Job, secret = job.webhook?.secret) {
    const body = JSON.stringify(this.view(job));
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (secret) headers['x-bfl-signature'] = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
    const res = await fetch(job.webhook!.url, { method: 'POST', headers, body });
    await res.body?.cancel();
    this.deliveries.push({ id: job.id, status: res.status });
  }
}
