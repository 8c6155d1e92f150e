import { ApiError } from './errors.ts';
import type { Transport } from './http.ts';
import { readSse } from './sse.ts';
import { isFinal, type Task } from './types.ts';

export interface WaitOptions {
  signal?: AbortSignal;
  /** Called with each newer state of the task (its `seq` grows), the final one included. */
  onProgress?: (task: Task) => void;
  /** `auto` streams and falls back to polling when the stream is not available; default auto. */
  via?: 'auto' | 'sse' | 'poll';
  /** Between two polls; default 1000 ms. */
  pollIntervalMs?: number;
}

interface TaskSource {
  getTask(id: string, o?: { signal?: AbortSignal }): Promise<Task>;
  taskEvents(id: string, o?: { signal?: AbortSignal; lastEventId?: string }): Promise<Response>;
}

/** Streams that end before the task does (a proxy's idle timeout, a restart) are opened again this often. */
const RECONNECTS = 3;

/** An error the API gave about this call (the task is unknown, the key lacks a scope): polling would get it too. */
const isRefusal = (e: unknown) =>
  e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 429 && !e.code.startsWith('HTTP_');

export async function waitForTask(source: TaskSource, http: Transport, id: string, o: WaitOptions = {}) {
  let last: Task | undefined;
  // Late or repeated events never take the task back: only a higher seq counts.
  const take = (task: Task) => {
    if (last && task.seq <= last.seq) return;
    last = task;
    o.onProgress?.(task);
  };
  const via = o.via ?? 'auto';

  if (via !== 'poll') {
    for (let round = 0; round <= RECONNECTS; round += 1) {
      try {
        const res = await source.taskEvents(id, { signal: o.signal, lastEventId: last ? String(last.seq) : undefined });
        const type = res.headers.get('content-type') ?? '';
        if (!res.body || !type.includes('text/event-stream')) {
          await res.body?.cancel();
          if (via === 'sse')
            throw new ApiError({ code: 'NOT_A_STREAM', message: `events: ${type}`, status: res.status });
          break;
        }
        for await (const ev of readSse(res.body)) {
          if (ev.event !== 'task' && ev.event !== 'message') continue;
          let task: Task;
          try {
            task = JSON.parse(ev.data) as Task;
          } catch {
            continue;
          }
          take(task);
          if (last && isFinal(last.state)) return last;
        }
      } catch (e) {
        if (o.signal?.aborted) throw o.signal.reason;
        if (via === 'sse' || isRefusal(e)) throw e;
        break;
      }
    }
    if (via === 'sse') throw new ApiError({ code: 'STREAM_ENDED', message: `events of ${id} kept ending`, status: 0 });
  }

  for (;;) {
    take(await source.getTask(id, { signal: o.signal }));
    if (last && isFinal(last.state)) return last;
    await http.wait(o.pollIntervalMs ?? 1000, o.signal);
  }
}
