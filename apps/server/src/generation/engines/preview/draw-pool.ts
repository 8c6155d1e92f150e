import { Worker } from 'node:worker_threads';
import type { OutputInfo } from 'sharp';
import { EngineError, type EngineFailure, type EngineTask } from '../../engine.ts';
import { createSlots } from './draw-slots.ts';

export interface DrawPoolOptions {
  /** Images drawn at once, one thread each (see DRAW_SLOTS). */
  threads: number;
  /** The threads' script; tests swap in one that can be made to crash. */
  workerUrl?: URL;
  /** Heap of a thread's JavaScript, in MB (pixel buffers are outside it). */
  maxHeapMb?: number;
  /** The threads' nice value on Linux: 10 by default, so drawing yields to the API's thread. */
  nice?: number;
}

interface DrawJob {
  task: EngineTask;
  index: number;
  /** Longest side of the raw progress thumbnail. */
  thumbSide: number;
  /** Rejects the job with kind `interrupted` at once; the thread finishes the image and drops it. */
  signal: AbortSignal;
}

export interface Drawn {
  /** The image as a marked PNG. */
  image: Buffer;
  /** Raw pixels of the image fitted inside `thumbSide`, for the progress previews. */
  thumb: { data: Buffer; info: Pick<OutputInfo, 'width' | 'height' | 'channels'> };
}

export interface DrawPool {
  draw(job: DrawJob): Promise<Drawn>;
  /** Ends the threads (shutdown); jobs still waiting reject with `unavailable`. */
  close(): Promise<void>;
}

type Reply =
  | { type: 'done'; id: number; image: Uint8Array; thumb: Uint8Array; width: number; height: number; channels: 3 | 4 }
  | { type: 'failed'; id: number; kind: EngineFailure; message: string };

const cancelled = () => new EngineError('interrupted', 'preview engine: cancelled');
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * The preview engine's drawing, in worker threads: SVG rasterising, the pixel loops of iterate and
 * edit, composition and the PNG encode hold no request of the API. Threads start at the first job
 * and stay warm (not holding the process open while idle). A thread that dies fails only the image
 * it was drawing; the next job starts a fresh one.
 */
export function createDrawPool(options: DrawPoolOptions): DrawPool {
  const url = options.workerUrl ?? new URL('./draw-worker.ts', import.meta.url);
  const slots = createSlots(options.threads);
  /** Threads waiting for a job; a slot always finds one here or starts one. */
  const idle: Worker[] = [];
  const live = new Set<Worker>();
  let nextId = 1;
  let closed = false;

  function start(): Worker {
    const w = new Worker(url, {
      workerData: { nice: options.nice ?? 10 },
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 256 },
      stdout: false,
      stderr: false,
    });
    w.unref();
    live.add(w);
    // A thread that fails or ends is never used again; the job it had is told by its own listeners.
    const forget = () => {
      live.delete(w);
      const at = idle.indexOf(w);
      if (at >= 0) idle.splice(at, 1);
    };
    w.on('error', forget);
    w.on('exit', forget);
    return w;
  }

  /** Runs the job on a thread; resolves (never rejects) once the thread is free again or gone. */
  function onThread(job: DrawJob, answer: (result: Drawn | EngineError) => void): Promise<void> {
    let w: Worker;
    try {
      w = idle.pop() ?? start();
    } catch (error) {
      answer(new EngineError('unavailable', 'preview engine: cannot start a drawing thread', { cause: error }));
      return Promise.resolve();
    }
    const id = nextId++;
    return new Promise<void>((free) => {
      const release = (reusable: boolean) => {
        w.off('message', onMessage);
        w.off('error', onError);
        w.off('exit', onExit);
        w.unref();
        if (reusable && !closed && live.has(w)) idle.push(w);
        free();
      };
      const onMessage = (m: Reply) => {
        if (m.id !== id) return;
        release(true);
        if (m.type === 'done')
          answer({
            image: asBuffer(m.image),
            thumb: { data: asBuffer(m.thumb), info: { width: m.width, height: m.height, channels: m.channels } },
          });
        else answer(new EngineError(m.kind, m.message));
      };
      const onError = (error: Error) => {
        release(false);
        answer(
          new EngineError('lost', `preview engine: the drawing thread failed: ${error.message}`, { cause: error }),
        );
      };
      const onExit = (code: number) => {
        release(false);
        answer(new EngineError('lost', `preview engine: the drawing thread ended (exit code ${code})`));
      };
      w.on('message', onMessage);
      w.on('error', onError);
      w.on('exit', onExit);
      // Held while it draws, so a script that only draws does not end mid-image.
      w.ref();
      try {
        // Copied once, then handed over: the task's own images are drawn again for its other
        // results, and a Buffer may be a view on a larger block that cloning would copy whole.
        const images = Object.fromEntries(
          Object.entries(job.task.images).flatMap(([k, v]) => (v ? [[k, new Uint8Array(v as Buffer)]] : [])),
        ) as Record<string, Uint8Array<ArrayBuffer>>;
        const task = { ...job.task, images };
        w.postMessage({ type: 'draw', id, task, index: job.index, thumbSide: job.thumbSide }, [
          ...Object.values(images).map((b) => b.buffer),
        ]);
      } catch (error) {
        release(true);
        answer(
          new EngineError('invalid', 'preview engine: cannot send the task to a drawing thread', { cause: error }),
        );
      }
    });
  }

  return {
    draw(job) {
      return new Promise<Drawn>((resolve, reject) => {
        let settled = false;
        const settle = (result: Drawn | EngineError) => {
          if (settled) return;
          settled = true;
          job.signal.removeEventListener('abort', onAbort);
          if (result instanceof EngineError) reject(result);
          else resolve(result);
        };
        const onAbort = () => settle(cancelled());
        if (closed) return settle(new EngineError('unavailable', 'preview engine: closed'));
        if (job.signal.aborted) return onAbort();
        job.signal.addEventListener('abort', onAbort, { once: true });
        // The slot is held until the thread is free, even when the caller stopped waiting. Its work
        // answers through `settle` and does not throw; the catch only keeps that promise handled.
        slots(async () => {
          if (settled) return;
          if (closed) return settle(new EngineError('unavailable', 'preview engine: closed'));
          await onThread(job, settle);
        }).catch((error: unknown) =>
          settle(new EngineError('lost', 'preview engine: drawing failed', { cause: error })),
        );
      });
    },
    async close() {
      closed = true;
      idle.length = 0;
      const threads = [...live];
      live.clear();
      await Promise.all(threads.map((w) => w.terminate()));
    },
  };
}
