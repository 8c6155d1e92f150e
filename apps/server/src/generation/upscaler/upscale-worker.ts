/**
 * The neural upscaler's thread: ESRGAN (RDN) weights from the @upscalerjs packages run on
 * TensorFlow.js's WebAssembly backend, one thread, tile by tile. It decodes the input itself and
 * hands back raw RGB at the target size, so the API's thread only ever passes bytes along.
 * Messages: see UpscaleRequest / WorkerReply in upscaler.ts.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import sharp from 'sharp';
import { lowerThreadPriority } from '../../platform/thread-priority.ts';
import * as tf from '@tensorflow/tfjs-core';
import { layers, loadLayersModel, type LayersModel, type Shape } from '@tensorflow/tfjs-layers';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { planTiles } from './tiles.ts';
import type { UpscalerWeights } from './upscaler.ts';

interface Request {
  type: 'upscale';
  id: number;
  image: Uint8Array;
  width: number;
  height: number;
  factor: 2 | 4;
  /** The network's own scale (see UpscaleJob.network): at least `factor`. */
  network: 2 | 4;
  /** Set to 1 by the API's thread to stop the work at the next tile. */
  cancel: SharedArrayBuffer;
}

/** A tile's own side and the context read around it (input pixels). */
const TILE = 128;
const PAD = 10;

const require = createRequire(import.meta.url);
const port = parentPort!;
const weights: UpscalerWeights = (['medium', 'thick'] as const).find((w) => w === workerData?.model) ?? 'slim';

// Its upscaling yields to the API's thread when the cores are short.
lowerThreadPriority(typeof workerData?.nice === 'number' ? workerData.nice : 10);

class Cancelled extends Error {}

/** Which failure the API's thread should report: the input itself (`invalid`) or the upscaler (`lost`). */
class InputError extends Error {}

let backend: Promise<void> | null = null;
function ready(): Promise<void> {
  backend ??= (async () => {
    // One thread: the other core stays with the API.
    tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
    setWasmPaths(wasmDir + path.sep);
    if (!(await tf.setBackend('wasm'))) throw new Error('the WebAssembly backend did not start');
    await tf.ready();
  })();
  return backend;
}

/** The weights package's own folder (its exports do not include the model files). */
function packageDir(name: string): string {
  let dir = path.dirname(require.resolve(name));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`${name}: package folder not found`);
    dir = up;
  }
  return dir;
}

/**
 * `slim` and `medium` are RDN networks that read and write pixels as 0–255. `thick` is an RRDN:
 * two layers of its own (registered below) and pixels as 0–1.
 */
const unit = weights === 'thick' ? 255 : 1;

/** The RRDN's own layers, as the weights package defines them for its model files. */
function registerRrdnLayers(scale: 2 | 4) {
  const one = (inputs: tf.Tensor | tf.Tensor[]) => (Array.isArray(inputs) ? inputs[0]! : inputs);
  class MultiplyBeta extends layers.Layer {
    static className = 'MultiplyBeta';
    override call(inputs: tf.Tensor | tf.Tensor[]) {
      return tf.mul(one(inputs), 0.2);
    }
  }
  class PixelShuffle extends layers.Layer {
    static className = `PixelShuffle${scale}x`;
    override computeOutputShape(shape: Shape | Shape[]) {
      const s = (Array.isArray(shape[0]) ? shape[0] : shape) as Shape;
      return [s[0]!, s[1]!, s[2]!, 3];
    }
    override call(inputs: tf.Tensor | tf.Tensor[]) {
      return tf.depthToSpace(one(inputs) as tf.Tensor4D, scale, 'NHWC');
    }
  }
  tf.serialization.registerClass(MultiplyBeta);
  tf.serialization.registerClass(PixelShuffle);
}

const models = new Map<number, Promise<LayersModel>>();
function model(scale: 2 | 4): Promise<LayersModel> {
  let loading = models.get(scale);
  if (!loading) {
    loading = (async () => {
      await ready();
      if (weights === 'thick') registerRrdnLayers(scale);
      const dir = path.join(packageDir(`@upscalerjs/esrgan-${weights}`), 'models', `x${scale}`);
      const json = JSON.parse(fs.readFileSync(path.join(dir, 'model.json'), 'utf8'));
      const groups = json.weightsManifest as { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
      const shards = Buffer.concat(groups.flatMap((g) => g.paths.map((p) => fs.readFileSync(path.join(dir, p)))));
      return loadLayersModel(
        tf.io.fromMemory({
          modelTopology: json.modelTopology,
          weightSpecs: groups.flatMap((g) => g.weights),
          weightData: shards.buffer.slice(shards.byteOffset, shards.byteOffset + shards.byteLength),
          format: json.format,
        }),
      );
    })();
    models.set(scale, loading);
    loading.catch(() => models.delete(scale));
  }
  return loading;
}

async function upscale(req: Request) {
  const cancel = new Int32Array(req.cancel);
  // This thread's own CPU time: on a shared machine, steadier than the wall clock.
  const cpuStart = process.threadCpuUsage();
  const n: 2 | 4 = req.network > req.factor ? req.network : req.factor;
  const net = await model(n);
  const { width, height } = await sharp(req.image)
    .metadata()
    .catch((error: unknown) => {
      throw new InputError(`cannot decode the image: ${(error as Error).message}`);
    });
  // Extended by PAD on every side, mirrored: every tile then has its full context.
  const decoded = await sharp(req.image)
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .removeAlpha()
    .extend({ top: PAD, bottom: PAD, left: PAD, right: PAD, extendWith: 'mirror' })
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch((error: unknown) => {
      throw new InputError(`cannot decode the image: ${(error as Error).message}`);
    });
  const src = decoded.data;
  const srcW = decoded.info.width;
  const s = req.factor;
  const outW = width * s;
  const outH = height * s;
  const out = Buffer.alloc(outW * outH * 3);
  const tiles = planTiles(width, height, TILE);
  for (const [i, t] of tiles.entries()) {
    if (Atomics.load(cancel, 0) !== 0) throw new Cancelled();
    // The tile and PAD around it; in the extended image the tile starts at (x + PAD, y + PAD).
    const inW = t.width + 2 * PAD;
    const inH = t.height + 2 * PAD;
    const input = new Float32Array(inW * inH * 3);
    for (let y = 0; y < inH; y++) {
      const from = ((t.y + y) * srcW + t.x) * 3;
      for (let k = 0; k < inW * 3; k++) input[y * inW * 3 + k] = src[from + k]! / unit;
    }
    const result = tf.tidy(() => net.predict(tf.tensor4d(input, [1, inH, inW, 3])) as tf.Tensor);
    const pixels = (await result.data()) as Float32Array;
    result.dispose();
    let made = Buffer.alloc(pixels.length);
    for (let k = 0; k < pixels.length; k++) {
      const v = pixels[k]! * unit;
      made[k] = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
    }
    // A ×4 network making a ×2: the tile with its context is halved (lanczos3), so the kernel reads
    // real pixels across the seams; only one tile at the network's scale is ever held.
    if (n !== s)
      made = await sharp(made, { raw: { width: inW * n, height: inH * n, channels: 3 } })
        .resize(inW * s, inH * s, { fit: 'fill', kernel: 'lanczos3' })
        .raw()
        .toBuffer();
    // Keep only the tile's own part of the output; the context around it is dropped.
    const rowLen = inW * s * 3;
    const off = PAD * s;
    for (let y = 0; y < t.height * s; y++) {
      const from = (off + y) * rowLen + off * 3;
      made.copy(out, ((t.y * s + y) * outW + t.x * s) * 3, from, from + t.width * s * 3);
    }
    port.postMessage({ type: 'progress', id: req.id, done: i + 1, total: tiles.length });
  }
  // The tiles make exactly factor × the input; any other target is met by a final resample.
  let data = out;
  if (outW !== req.width || outH !== req.height) {
    data = await sharp(out, { raw: { width: outW, height: outH, channels: 3 } })
      .resize(req.width, req.height, { fit: 'fill', kernel: 'lanczos3' })
      .raw()
      .toBuffer();
  }
  // Our own buffer is handed over, not copied; sharp's (native memory) cannot be, so it is copied.
  const bytes = data === out ? new Uint8Array(out.buffer, out.byteOffset, out.byteLength) : new Uint8Array(data);
  const cpu = process.threadCpuUsage(cpuStart);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  port.postMessage({ type: 'done', id: req.id, data: bytes, width: req.width, height: req.height, cpuMs }, [
    bytes.buffer as ArrayBuffer,
  ]);
}

port.on('message', (req: Request) => {
  upscale(req).catch((error: unknown) => {
    if (error instanceof Cancelled) port.postMessage({ type: 'cancelled', id: req.id });
    else
      port.postMessage({
        type: 'failed',
        id: req.id,
        kind: error instanceof InputError ? 'invalid' : 'lost',
        message: error instanceof Error ? error.message : String(error),
      });
  });
});
