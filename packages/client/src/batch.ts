import { ApiError } from './errors.ts';
import { sleep as realSleep, type Sleep } from './http.ts';
import type { TuringClient } from './client.ts';
import type { Task, TaskBody, TaskCreated } from './types.ts';

/** One render of a batch: a sketch to upload (iterate) or none (text), and the name its files take. */
export interface BatchItem {
  name: string;
  file?: string;
}

export type BatchEvent =
  | { type: 'uploading'; item: BatchItem }
  | { type: 'submitted'; item: BatchItem; task: TaskCreated }
  | { type: 'progress'; item: BatchItem; task: Task }
  | { type: 'done'; item: BatchItem; task: Task; files: string[] }
  | { type: 'failed'; item: BatchItem; code: string; message: string; task?: Task };

export interface BatchResult {
  item: BatchItem;
  ok: boolean;
  task?: Task;
  files: string[];
  error?: { code: string; message: string };
}

export interface BatchReport {
  results: BatchResult[];
  done: number;
  failed: number;
}

export interface BatchOptions {
  client: Pick<TuringClient, 'upload' | 'submitTask' | 'waitForTask' | 'download'>;
  items: BatchItem[];
  /** The task's parameters; each item's uploaded sketch becomes its baseImageId. */
  params: TaskBody;
  outDir: string;
  /** Renders in flight at once; default 4. */
  concurrency?: number;
  onEvent?: (event: BatchEvent) => void;
  signal?: AbortSignal;
  sleep?: Sleep;
  /** Between two submits refused with TOO_MANY_TASKS; default 2000 ms. */
  busyRetryMs?: number;
}

/** How long a submit keeps waiting for a free slot before its render counts as failed. */
const BUSY_TRIES = 300;

/**
 * Renders every item: upload, submit, wait, download into `outDir` as `<name>-<n>.<ext>`, with at
 * most `concurrency` at once. A failed render does not stop the others; the report says which did.
 */
export async function renderBatch(o: BatchOptions): Promise<BatchReport> {
  const emit = o.onEvent ?? (() => {});
  const wait = o.sleep ?? realSleep;
  const results: BatchResult[] = new Array(o.items.length);
  let next = 0;

  async function submit(body: TaskBody): Promise<TaskCreated> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await o.client.submitTask(body, { signal: o.signal });
      } catch (e) {
        // The user's limit of active tasks (other programs, the studio): wait for a slot. A new
        // call makes a new Idempotency-Key; nothing was created under the refused one.
        if (!(e instanceof ApiError && e.code === 'TOO_MANY_TASKS') || attempt >= BUSY_TRIES) throw e;
        await wait(o.busyRetryMs ?? 2000, o.signal);
      }
    }
  }

  async function renderOne(item: BatchItem): Promise<BatchResult> {
    let task: Task | undefined;
    try {
      const body: TaskBody = { ...o.params };
      if (item.file) {
        emit({ type: 'uploading', item });
        const upload = await o.client.upload(item.file, { kind: 'base', signal: o.signal });
        body.baseImageId = upload.id;
      }
      const created = await submit(body);
      emit({ type: 'submitted', item, task: created });
      task = await o.client.waitForTask(created.id, {
        signal: o.signal,
        onProgress: (t) => emit({ type: 'progress', item, task: t }),
      });
      if (task.state !== 'complete') {
        const code = task.error?.code ?? task.state.toUpperCase();
        const message = task.error?.msg ?? `The task ended ${task.state}`;
        emit({ type: 'failed', item, code, message, task });
        return { item, ok: false, task, files: [], error: { code, message } };
      }
      const files = await o.client.download(task, o.outDir, { prefix: item.name, signal: o.signal });
      emit({ type: 'done', item, task, files });
      return { item, ok: true, task, files };
    } catch (e) {
      if (o.signal?.aborted) throw e;
      const code = e instanceof ApiError ? e.code : 'ERROR';
      const message = e instanceof Error ? e.message : String(e);
      emit({ type: 'failed', item, code, message, task });
      return { item, ok: false, task, files: [], error: { code, message } };
    }
  }

  async function worker() {
    while (next < o.items.length) {
      const index = next++;
      results[index] = await renderOne(o.items[index]!);
    }
  }

  const width = Math.max(1, Math.min(o.concurrency ?? 4, o.items.length));
  await Promise.all(Array.from({ length: width }, worker));
  const failed = results.filter((r) => !r.ok).length;
  return { results, done: results.length - failed, failed };
}
