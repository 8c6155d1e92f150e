// The built-in neural upscaler (ESRGAN on TensorFlow.js's WebAssembly backend, one worker thread):
//   (u1) seconds per input megapixel, ×2 and ×4, on a 768 × 512 picture (the default SD size);
//   (u3) the quality each method buys against a known original, see upscaler-quality.ts;
//   (u2) p99 of `GET /turing/user/info` while an upscale runs vs idle, on the product as `npm start`
//        runs it (plain Node on main.ts, default settings). Goal ≤ 2×.
// `npx tsx bench/upscaler.ts` prints only these; `… upscaler.ts quality` only (u3).
import os from 'node:os';
import autocannon from 'autocannon';
import sharp from 'sharp';
import type { EngineTask } from '../apps/server/src/generation/engine.ts';
import { renderScene } from '../apps/server/src/generation/engines/preview/render-scene.ts';
import { createUpscaler, type UpscalerWeights } from '../apps/server/src/generation/upscaler/upscaler.ts';
import { registerAccount, startProduct } from './product.ts';
import { printUpscalerQuality } from './upscaler-quality.ts';

const P99_GOAL = 2;
// As in (a): enough that the p99 is not a single millisecond, where one tick doubles it.
const CONNECTIONS = 20;
const headers = { 'x-requested-with': 'XMLHttpRequest' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A picture with edges, textures and flat areas: the embedded engine's drawing of a building, as PNG. */
async function picture(width: number, height: number): Promise<Buffer> {
  const task = {
    id: 'bench',
    attempt: 1,
    mode: 'text',
    type: 'architectural',
    model: 'architecture',
    prompt: '',
    negativePrompt: '',
    width,
    height,
    count: 1,
    quality: 'FHD',
    seed: 7,
    imageWeight: 0.5,
    textWeight: 0.5,
    controlStrength: 0.5,
    tags: { style: ['modern'], material: ['brick', 'glass'], function: ['villa'] },
    images: {},
  } satisfies EngineTask;
  const img = await renderScene(task, 0);
  return sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .png()
    .toBuffer();
}

async function upscaleOnce(weights: UpscalerWeights, image: Buffer, factor: 2 | 4, passes = 1) {
  const upscaler = createUpscaler({ weights });
  try {
    const meta = await sharp(image).metadata();
    // The thread's start and the model's load are paid once per process: not counted.
    await upscaler.upscale({
      image: await picture(32, 32),
      width: 32 * factor,
      height: 32 * factor,
      factor,
      signal: AbortSignal.timeout(600_000),
    });
    const started = performance.now();
    let current = image;
    let [w, h] = [meta.width, meta.height];
    let out: Buffer = image;
    let cpuMs = 0;
    for (let pass = 0; pass < passes; pass++) {
      const r = await upscaler.upscale({
        image: current,
        width: w * factor,
        height: h * factor,
        factor,
        signal: AbortSignal.timeout(600_000),
      });
      [w, h] = [r.width, r.height];
      out = r.data;
      cpuMs += r.cpuMs;
      if (pass + 1 < passes)
        current = await sharp(r.data, { raw: { width: w, height: h, channels: 3 } })
          .png()
          .toBuffer();
    }
    const seconds = (performance.now() - started) / 1000;
    const mp = (meta.width * meta.height) / 1e6;
    const cpu = cpuMs / 1000;
    return { seconds, perMp: seconds / mp, cpu, cpuPerMp: cpu / mp, data: out, width: w, height: h };
  } finally {
    await upscaler.close();
  }
}

export async function upscalerSpeed() {
  const image = await picture(768, 512);
  const x2 = await upscaleOnce('slim', image, 2);
  const x4 = await upscaleOnce('slim', image, 4);
  return { x2, x4, load: os.loadavg()[0]! };
}

async function p99(url: string, cookie: string, seconds: number) {
  const r = await autocannon({ url, headers: { cookie }, connections: CONNECTIONS, duration: seconds });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { p99: r.latency.p99, rps: r.requests.average };
}

/**
 * The product under load from autocannon, idle and then with a ×2 upscale of a 768 × 512 image
 * running, alternately for `rounds` rounds (other work on a shared machine comes and goes): each
 * round's p99s, and the median of the rounds' ratios.
 */
export async function upscalerResponsiveness(rounds = 3, seconds = 5) {
  const product = await startProduct('node', { DEMO_CONTENT: 'false' });
  try {
    const base = `http://127.0.0.1:${product.port}/turing`;
    const cookie = await registerAccount(product);
    const info = `${base}/user/info`;
    await autocannon({ url: info, headers: { cookie }, connections: CONNECTIONS, duration: 2 });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await picture(768, 512))], { type: 'image/png' }), 'base.png');
    const uploaded = (await (
      await fetch(`${base}/upload/image?kind=base`, { method: 'POST', headers: { ...headers, cookie }, body: form })
    ).json()) as { data: { id: string } };

    const results = [];
    for (let round = 0; round < rounds; round++) {
      const idle = await p99(info, cookie, seconds);
      const submitted = performance.now();
      const task = (await (
        await fetch(`${base}/design/task/submit`, {
          method: 'POST',
          headers: { ...headers, cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ mode: 'upscale', baseImageId: uploaded.data.id, upscale: 2 }),
        })
      ).json()) as { data: { id: string } };
      const state = async () =>
        (
          (await (await fetch(`${base}/design/task/get?id=${task.data.id}`, { headers: { cookie } })).json()) as {
            data: { state: string; progress: number };
          }
        ).data;
      // Measured once the network is at work (its first tile reported).
      for (let s = await state(); !(s.progress > 0) && s.state !== 'complete'; s = await state()) await sleep(100);
      const busy = await p99(info, cookie, seconds);
      let end = await state();
      const stillRunning = end.state !== 'complete';
      while (!['complete', 'failed', 'lost', 'timed_out', 'cancelled'].includes(end.state)) {
        await sleep(200);
        end = await state();
      }
      if (end.state !== 'complete') throw new Error(`the upscale ended ${end.state}`);
      const taskSeconds = (performance.now() - submitted) / 1000;
      results.push({ idle, busy, ratio: busy.p99 / Math.max(1, idle.p99), stillRunning, taskSeconds });
    }
    const ratios = results.map((r) => r.ratio).sort((x, y) => x - y);
    return { rounds: results, median: ratios[Math.floor(ratios.length / 2)]!, load: os.loadavg()[0]! };
  } finally {
    await product.stop();
  }
}

export async function printUpscaler() {
  const speed = await upscalerSpeed();
  console.log(
    `\n(u1) neural upscaler (ESRGAN slim, WebAssembly, one thread) on a 768 × 512 picture: ×2 ${speed.x2.seconds.toFixed(1)} s (${speed.x2.perMp.toFixed(0)} s per input megapixel; the thread's CPU time ${speed.x2.cpuPerMp.toFixed(0)} s per megapixel), ×4 ${speed.x4.seconds.toFixed(1)} s (${speed.x4.perMp.toFixed(0)} s per input megapixel; CPU ${speed.x4.cpuPerMp.toFixed(0)} s); load average ${speed.load.toFixed(1)} on ${os.availableParallelism()} cores`,
  );
  await printUpscalerQuality();
  const r = await upscalerResponsiveness();
  console.log(
    `(u2) GET /turing/user/info p99 while a ×2 upscale of 768 × 512 runs vs idle, median of ${r.rounds.length} rounds: ${r.median.toFixed(2)}× (goal ≤ ${P99_GOAL}) ${r.median <= P99_GOAL ? 'met' : 'MISSED'}; load average ${r.load.toFixed(1)}`,
  );
  for (const x of r.rounds)
    console.log(
      `     ${x.busy.p99} ms (${x.busy.rps.toFixed(0)} req/s) vs ${x.idle.p99} ms (${x.idle.rps.toFixed(0)} req/s): ${x.ratio.toFixed(2)}×${x.stillRunning ? '' : ' (the upscale ended before the measurement did)'}; the upscale took ${x.taskSeconds.toFixed(1)} s from submit to complete`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv[2] === 'quality') await printUpscalerQuality();
  else await printUpscaler();
  process.exit(0);
}
