import { Worker } from 'node:worker_threads';
import { EngineError } from '../engine.ts';

/**
 * Which ESRGAN weights run: `slim` (fast) or `medium` (finer detail, about 2.5× slower). `thick` is
 * not a dependency of the server: the upscaler benchmark brings it to compare against.
 */
export type UpscalerWeights = 'slim' | 'medium' | 'thick';

export interface UpscalerOptions {
  weights: UpscalerWeights;
  /** The thread's script; tests swap in one that can be made to crash. */
  workerUrl?: URL;
  /** Heap of the thread's JavaScript, in MB (the image buffers and the network's memory are outside it). */
  maxHeapMb?: number;
  /**
   * The thread's nice value on Linux: 10 by default, so it yields to the API's thread when the cores
   * are short. Tests of its output pass 0, as a niced thread waits for minutes on a loaded machine.
   */
  nice?: number;
  /** Told when a job the thread took ends, how, and the seconds it spent (the process's metrics). */
  observe?(outcome: 'done' | 'failed' | 'cancelled', seconds: number): void;
}

interface UpscaleJob {
  /** The image to enlarge, encoded (PNG, JPEG, WebP…). */
  image: Buffer;
  /** The exact output size (normally the input's times `factor`). */
  width: number;
  height: number;
  factor: 2 | 4;
  /**
   * The network's own scale, at least `factor`. By default ×4, and a ×2 is the ×4 network's output
   * halved (lanczos3, tile by tile): measured closer to the original and sharper than the ×2
   * network's, for about 1.3× its time (bench/upscaler-quality.ts). 2 runs the ×2 network.
   */
  network?: 2 | 4;
  /** Stops the work at the next tile; the job rejects with kind `interrupted` at once. */
  signal: AbortSignal;
  /** After each tile: tiles done, tiles in all. */
  onProgress?(done: number, total: number): void;
}

/** RGB pixels, 3 bytes each, row after row. */
export interface UpscaledImage {
  data: Buffer;
  width: number;
  height: number;
  /** CPU time the thread spent on the job (decode, network, tiles), in ms. */
  cpuMs: number;
}

export interface Upscaler {
  /** Runs one job; jobs run one after another on a single thread. */
  upscale(job: UpscaleJob): Promise<UpscaledImage>;
  /** Ends the thread (process shutdown); a running job rejects. */
  close(): Promise<void>;
}

type Reply =
  | { type: 'progress'; id: number; done: number; total: number }
  | { type: 'done'; id: number; data: Uint8Array; width: number; height: number; cpuMs: number }
  | { type: 'failed'; id: number; kind: 'invalid' | 'lost'; message: string }
  | { type: 'cancelled'; id: number };

const cancelled = () => new EngineError('interrupted', 'upscaler: cancelled');

/**
 * The neural upscaler as the engines see it. One worker thread, started at the first job and kept
 * warm, does all the work (decode, network, tiles), so no request of the API waits on it. A thread
 * that dies fails only the job it had; the next job starts a fresh one.
 */
export function createUpscaler(options: UpscalerOptions): Upscaler {
  const url = options.workerUrl ?? new URL('./upscale-worker.ts', import.meta.url);
  let worker: Worker | null = null;
  let nextId = 1;
  let closed = false;
  /** Settles when the thread is free for the next job (the jobs before it ended or the thread died). */
  let free: Promise<void> = Promise.resolve();

  function thread(): Worker {
    if (worker) return worker;
    const w = new Worker(url, {
      workerData: { model: options.weights, nice: options.nice ?? 10 },
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 512 },
      stdout: false,
      stderr: false,
    });
    w.unref();
    // A thread that fails or ends is never used again; the job it had is told by its own listeners.
    const forget = () => {
      if (worker === w) worker = null;
    };
    w.on('error', forget);
    w.on('exit', forget);
    worker = w;
    return w;
  }

  /** Hands the job to the thread; `done` is called once the thread is free again (or was never used). */
  async function run(job: UpscaleJob, done: () => void): Promise<UpscaledImage> {
    if (closed || job.signal.aborted) {
      done();
      throw closed ? new EngineError('unavailable', 'upscaler: closed') : cancelled();
    }
    const w = thread();
    const id = nextId++;
    const cancel = new SharedArrayBuffer(4);
    return new Promise<UpscaledImage>((resolve, reject) => {
      let answered = false;
      const answer = (fn: () => void) => {
        if (answered) return;
        answered = true;
        fn();
      };
      // The thread is free again once it has answered or died; only then may the next job start.
      const release = () => {
        w.off('message', onMessage);
        w.off('error', onError);
        w.off('exit', onExit);
        job.signal.removeEventListener('abort', onAbort);
        w.unref();
        done();
      };
      const onMessage = (m: Reply) => {
        if (m.id !== id) return;
        if (m.type === 'progress') {
          if (!answered) job.onProgress?.(m.done, m.total);
          return;
        }
        release();
        if (m.type === 'done') {
          const data = Buffer.from(m.data.buffer, m.data.byteOffset, m.data.byteLength);
          answer(() => resolve({ data, width: m.width, height: m.height, cpuMs: m.cpuMs }));
        } else if (m.type === 'failed') {
          answer(() => reject(new EngineError(m.kind, `upscaler: ${m.message}`)));
        } else answer(() => reject(cancelled()));
      };
      const onError = (error: Error) => {
        release();
        answer(() =>
          reject(new EngineError('lost', `upscaler: the worker failed: ${error.message}`, { cause: error })),
        );
      };
      const onExit = (code: number) => {
        release();
        answer(() => reject(new EngineError('lost', `upscaler: the worker ended (exit code ${code})`)));
      };
      const onAbort = () => {
        Atomics.store(new Int32Array(cancel), 0, 1);
        answer(() => reject(cancelled()));
      };
      w.on('message', onMessage);
      w.on('error', onError);
      w.on('exit', onExit);
      job.signal.addEventListener('abort', onAbort, { once: true });
      // Held while it works, so a script that only upscales does not end mid-job.
      w.ref();
      const image = new Uint8Array(job.image);
      const { width, height, factor, network = 4 } = job;
      w.postMessage({ type: 'upscale', id, image, width, height, factor, network, cancel }, [image.buffer]);
    });
  }

  return {
    upscale(job) {
      const before = free;
      let done!: () => void;
      free = new Promise<void>((resolve) => (done = resolve));
      return (async () => {
        try {
          // Waiting for the thread: a cancel ends the wait at once.
          await new Promise<void>((resolve, reject) => {
            const onAbort = () => reject(cancelled());
            if (job.signal.aborted) return onAbort();
            job.signal.addEventListener('abort', onAbort, { once: true });
            // `free` never rejects (each turn's promise only resolves).
            before
              .then(() => {
                job.signal.removeEventListener('abort', onAbort);
                resolve();
              })
              .catch(() => {});
          });
        } catch (error) {
          // Its turn passes on once the jobs before it are done.
          before.then(done).catch(() => {});
          throw error;
        }
        const began = performance.now();
        const spent = () => (performance.now() - began) / 1000;
        return run(job, done).then(
          (image) => {
            options.observe?.('done', spent());
            return image;
          },
          (error: unknown) => {
            const kind = error instanceof EngineError && error.kind === 'interrupted' ? 'cancelled' : 'failed';
            options.observe?.(kind, spent());
            throw error;
          },
        );
      })();
    },
    async close() {
      closed = true;
      const w = worker;
      worker = null;
      await w?.terminate();
    },
  };
}
