// (u3) What the built-in neural upscaler buys over a plain lanczos enlargement, measured against a
// known original: a picture drawn large, made 2× and 4× smaller (lanczos3) to 256 × 192, enlarged back
// by each method and compared with the picture itself (PSNR, SSIM), with the sharpness of the result
// (Laplacian variance) and the time it took (seconds per output megapixel, the product's settings:
// one thread at nice 10, 128 px tiles, each network loaded and warm before it is timed).
// `npx tsx bench/upscaler.ts quality` prints only this; BENCH_UPSCALER_WEIGHTS=slim,medium,thick adds
// the thick weights (about 25× slim's time, so not by default).
import { createRequire } from 'node:module';
import os from 'node:os';
import sharp from 'sharp';
import type { EngineTask } from '../apps/server/src/generation/engine.ts';
import { renderScene } from '../apps/server/src/generation/engines/preview/render-scene.ts';
import { createUpscaler, type UpscalerWeights } from '../apps/server/src/generation/upscaler/upscaler.ts';
import { laplacianVariance, psnr, ssim, type Rgb } from './image-metrics.ts';

const INPUT = { width: 256, height: 192 };

const png = (img: Rgb) =>
  sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .png()
    .toBuffer();

async function resize(img: Rgb, width: number, height: number): Promise<Rgb> {
  const data = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  return { data, width, height };
}

/** The embedded engine's drawing at the size asked (drawn at that size, up to 1280 px: a true original). */
async function scene(type: 'architectural' | 'interior', width: number, height: number): Promise<Rgb> {
  const task = {
    id: 'bench',
    attempt: 1,
    mode: 'text',
    type,
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
    tags: { style: ['modern'], material: ['brick', 'glass', 'wood'], function: ['villa'] },
    images: {},
  } satisfies EngineTask;
  return renderScene(task, 0);
}

/**
 * A flat line drawing (an elevation: outline, floors, windows with mullions, a hatched roof, a door
 * arc), black on white, drawn from vectors at the size asked so every size is the same drawing.
 */
async function lineArt(width: number, height: number): Promise<Rgb> {
  const parts: string[] = [];
  const line = (x1: number, y1: number, x2: number, y2: number, w: number) =>
    parts.push(`<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke-width="${w}"/>`);
  parts.push('<rect x="112" y="260" width="800" height="440" stroke-width="5"/>');
  for (let x = 132; x <= 872; x += 20) line(x, 260, x + 60, 150, 1.5);
  line(112, 260, 512, 110, 4);
  line(512, 110, 912, 260, 4);
  for (const y of [400, 540]) line(112, y, 912, y, 3);
  for (let row = 0; row < 3; row++)
    for (let col = 0; col < 7; col++) {
      const x = 150 + col * 108;
      const y = 290 + row * 140;
      if (row === 2 && col === 3) continue;
      parts.push(`<rect x="${x}" y="${y}" width="70" height="90" stroke-width="2.5"/>`);
      line(x + 35, y, x + 35, y + 90, 1);
      line(x, y + 45, x + 70, y + 45, 1);
    }
  parts.push('<rect x="474" y="580" width="76" height="120" stroke-width="3"/>');
  parts.push('<path d="M 474 700 A 76 76 0 0 1 550 624" stroke-width="1" stroke-dasharray="6 4"/>');
  parts.push('<circle cx="512" cy="200" r="26" stroke-width="2"/>');
  line(40, 700, 984, 700, 6);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1024 768" ` +
    `preserveAspectRatio="none"><rect width="1024" height="768" fill="#fff"/>` +
    `<g fill="none" stroke="#111" stroke-linecap="square">${parts.join('')}</g></svg>`;
  const data = await sharp(Buffer.from(svg)).flatten({ background: '#fff' }).removeAlpha().raw().toBuffer();
  return { data, width, height };
}

interface Output {
  image: Rgb;
  seconds: number;
  cpuSeconds: number;
}

interface Method {
  name: string;
  factor: 2 | 4;
  weights?: UpscalerWeights;
  run(input: Rgb): Promise<Output>;
}

type Net = ReturnType<typeof createUpscaler>;

/** One pass of the product's upscaler: ×`factor`, made by the network of scale `network`. */
async function pass(net: Net, input: Rgb, factor: 2 | 4, network: 2 | 4): Promise<Output> {
  const image = await png(input);
  const started = performance.now();
  const r = await net.upscale({
    image,
    width: input.width * factor,
    height: input.height * factor,
    factor,
    network,
    signal: AbortSignal.timeout(1_800_000),
  });
  return {
    image: { data: r.data, width: r.width, height: r.height },
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: r.cpuMs / 1000,
  };
}

function methods(nets: Map<UpscalerWeights, Net>): Method[] {
  const lanczos = (factor: 2 | 4): Method => ({
    name: 'lanczos3',
    factor,
    async run(input) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const image = await resize(input, input.width * factor, input.height * factor);
      const used = process.cpuUsage(cpu);
      return { image, seconds: (performance.now() - started) / 1000, cpuSeconds: (used.user + used.system) / 1e6 };
    },
  });
  const list: Method[] = [lanczos(2)];
  for (const [weights, net] of nets) {
    list.push({ name: `${weights} ×2`, factor: 2, weights, run: (input) => pass(net, input, 2, 2) });
    list.push({ name: `${weights} ×4, lanczos3 to ×2`, factor: 2, weights, run: (input) => pass(net, input, 2, 4) });
  }
  list.push(lanczos(4));
  for (const [weights, net] of nets) {
    list.push({ name: `${weights} ×4`, factor: 4, weights, run: (input) => pass(net, input, 4, 4) });
    if (weights === 'slim')
      list.push({
        name: 'slim ×2 twice',
        factor: 4,
        weights,
        async run(input) {
          const first = await pass(net, input, 2, 2);
          const second = await pass(net, first.image, 2, 2);
          return {
            image: second.image,
            seconds: first.seconds + second.seconds,
            cpuSeconds: first.cpuSeconds + second.cpuSeconds,
          };
        },
      });
  }
  return list;
}

export interface QualityRow {
  factor: 2 | 4;
  method: string;
  /** Per picture, in the order of `pictures`. */
  psnr: number[];
  ssim: number[];
  sharpness: number[];
  /** Seconds per output megapixel over all pictures, by the clock and by the CPU time of the work. */
  perMp: number;
  cpuPerMp: number;
}

export const pictures = ['building', 'interior', 'line art'] as const;

/** Whether a weights package is installed (thick only when installed by hand, see bench/README.md). */
function installed(weights: UpscalerWeights): boolean {
  try {
    createRequire(import.meta.url).resolve(`@upscalerjs/esrgan-${weights}`);
    return true;
  } catch {
    return false;
  }
}

/** The weights measured: BENCH_UPSCALER_WEIGHTS (e.g. `slim,medium,thick`), slim and medium by default. */
function weightsToMeasure(): UpscalerWeights[] {
  const asked = (process.env.BENCH_UPSCALER_WEIGHTS ?? 'slim,medium').split(',');
  return (['slim', 'medium', 'thick'] as const).filter((w) => asked.includes(w) && installed(w));
}

export async function upscalerQuality(weights = weightsToMeasure()) {
  const draw = [
    (w: number, h: number) => scene('architectural', w, h),
    (w: number, h: number) => scene('interior', w, h),
    lineArt,
  ];
  const originals = new Map<2 | 4, Rgb[]>();
  const inputs = new Map<2 | 4, Rgb[]>();
  for (const factor of [2, 4] as const) {
    const big = await Promise.all(draw.map((d) => d(INPUT.width * factor, INPUT.height * factor)));
    originals.set(factor, big);
    inputs.set(factor, await Promise.all(big.map((b) => resize(b, INPUT.width, INPUT.height))));
  }
  const nets = new Map(weights.map((w) => [w, createUpscaler({ weights: w })] as const));
  const rows: QualityRow[] = [];
  try {
    // Each network is loaded (both scales) before anything is timed: the product keeps its thread warm.
    const dot = await png({ data: Buffer.alloc(32 * 32 * 3, 128), width: 32, height: 32 });
    for (const net of nets.values())
      for (const factor of [2, 4] as const)
        await net.upscale({
          image: dot,
          width: 32 * factor,
          height: 32 * factor,
          factor,
          signal: AbortSignal.timeout(600_000),
        });
    for (const factor of [2, 4] as const) {
      const truth = originals.get(factor)!;
      rows.push({
        factor,
        method: 'original',
        psnr: [],
        ssim: [],
        sharpness: truth.map(laplacianVariance),
        perMp: 0,
        cpuPerMp: 0,
      });
    }
    for (const method of methods(nets)) {
      const truth = originals.get(method.factor)!;
      const row: QualityRow = {
        factor: method.factor,
        method: method.name,
        psnr: [],
        ssim: [],
        sharpness: [],
        perMp: 0,
        cpuPerMp: 0,
      };
      let [seconds, cpu, mp] = [0, 0, 0];
      for (const [i, input] of inputs.get(method.factor)!.entries()) {
        const out = await method.run(input);
        row.psnr.push(psnr(truth[i]!.data, out.image.data));
        row.ssim.push(ssim(truth[i]!, out.image));
        row.sharpness.push(laplacianVariance(out.image));
        seconds += out.seconds;
        cpu += out.cpuSeconds;
        mp += (out.image.width * out.image.height) / 1e6;
      }
      row.perMp = seconds / mp;
      row.cpuPerMp = cpu / mp;
      rows.push(row);
    }
  } finally {
    for (const net of nets.values()) await net.close();
  }
  return { rows, load: os.loadavg()[0]! };
}

export function formatQuality(rows: QualityRow[]): string {
  const pad = (s: string, n: number) => s.padEnd(n);
  const num = (v: number | undefined, d: number) => (v === undefined ? '—' : v.toFixed(d));
  const lines = [
    pad('', 34) +
      pictures.map((p) => pad(`PSNR dB / SSIM, ${p}`, 27)).join('') +
      pad('Laplacian var. (bldg/int/line)', 32) +
      's per out MP (clock, CPU)',
  ];
  for (const r of rows)
    lines.push(
      pad(`×${r.factor} ${r.method}`, 34) +
        pictures.map((_, i) => pad(r.psnr.length ? `${num(r.psnr[i], 2)} / ${num(r.ssim[i], 3)}` : '—', 27)).join('') +
        pad(r.sharpness.map((v) => v.toFixed(0)).join(' / '), 32) +
        (r.method === 'original'
          ? ''
          : `${r.perMp.toFixed(r.perMp < 1 ? 2 : 1)}, ${r.cpuPerMp.toFixed(r.cpuPerMp < 1 ? 2 : 1)}`),
    );
  return lines.join('\n');
}

export async function printUpscalerQuality() {
  const q = await upscalerQuality();
  console.log(
    `\n(u3) neural upscaler vs lanczos: pictures drawn at 512 × 384 (×2) and 1024 × 768 (×4), made 256 × 192 (lanczos3), enlarged back; load average ${q.load.toFixed(1)} on ${os.availableParallelism()} cores`,
  );
  console.log(formatQuality(q.rows));
}
