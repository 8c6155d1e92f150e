import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { CRASH_WIDTH, crashingWorkerUrl } from '../../../test-support/upscaler/crash.ts';
import { EngineError } from '../engine.ts';
import { planTiles } from './tiles.ts';
import { createUpscaler, type UpscaledImage } from './upscaler.ts';

const upscaler = createUpscaler({ weights: 'slim', workerUrl: crashingWorkerUrl, nice: 0 });
afterAll(() => upscaler.close());

/** A small picture with edges, curves and flat areas, as PNG. */
function picture(width: number, height: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#8fb3c9"/>
    <rect x="${width * 0.1}" y="${height * 0.35}" width="${width * 0.45}" height="${height * 0.55}" fill="#d8cfc0" stroke="#3a3a3a" stroke-width="2"/>
    <circle cx="${width * 0.72}" cy="${height * 0.4}" r="${height * 0.22}" fill="#c4572e"/>
    <path d="M0 ${height} L${width} ${height * 0.2}" stroke="#1d2b36" stroke-width="3"/>
    ${Array.from({ length: 6 }, (_, i) => `<rect x="${width * 0.14 + i * width * 0.06}" y="${height * 0.45}" width="${width * 0.03}" height="${height * 0.3}" fill="#5b6b78"/>`).join('')}
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const job = (
  image: Buffer,
  width: number,
  height: number,
  factor: 2 | 4,
  more: Partial<Parameters<typeof upscaler.upscale>[0]> = {},
) => upscaler.upscale({ image, width, height, factor, signal: new AbortController().signal, ...more });

/** Peak signal-to-noise ratio of two RGB images of one size, in dB. */
function psnr(a: Buffer, b: Buffer) {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return 10 * Math.log10((255 * 255) / (sum / a.length));
}

async function lanczos(image: Buffer, width: number, height: number) {
  return sharp(image).resize(width, height, { fit: 'fill', kernel: 'lanczos3' }).removeAlpha().raw().toBuffer();
}

describe('tiles', () => {
  it('cover every pixel once', () => {
    const [w, h] = [300, 200];
    const seen = new Uint8Array(w * h);
    const tiles = planTiles(w, h, 128);
    expect(tiles).toHaveLength(6);
    for (const t of tiles) {
      expect(Math.max(t.width, t.height)).toBeLessThanOrEqual(128);
      for (let y = t.y; y < t.y + t.height; y++) for (let x = t.x; x < t.x + t.width; x++) seen[y * w + x]!++;
    }
    expect(seen.every((n) => n === 1)).toBe(true);
  });
});

describe('neural upscaler', () => {
  it('enlarges ×2 and ×4 to the exact size, close to a plain resize but not the same', async () => {
    const image = await picture(160, 100);
    for (const factor of [2, 4] as const) {
      const [w, h] = [160 * factor, 100 * factor];
      const out: UpscaledImage = await job(image, w, h, factor);
      expect([out.width, out.height, out.data.length]).toEqual([w, h, w * h * 3]);
      const plain = await lanczos(image, w, h);
      expect(out.data.equals(plain)).toBe(false);
      // The same picture (not noise, not shifted, no seams of black), yet its own pixels.
      const similarity = psnr(out.data, plain);
      expect(similarity, `×${factor}`).toBeGreaterThan(24);
      expect(similarity, `×${factor}`).toBeLessThan(60);
    }
  });

  it('makes ×2 with the ×4 network halved, closer to the original than the ×2 network', async () => {
    const original = await picture(320, 200);
    const truth = await sharp(original).removeAlpha().raw().toBuffer();
    const small = await sharp(original).resize(160, 100, { kernel: 'lanczos3' }).png().toBuffer();
    const halved = await job(small, 320, 200, 2);
    const direct = await job(small, 320, 200, 2, { network: 2 });
    expect([halved.width, halved.height]).toEqual([320, 200]);
    expect(psnr(halved.data, truth)).toBeGreaterThan(psnr(direct.data, truth) + 0.2);
  });

  it('keeps a flat picture flat to its edges and across the seams of its tiles', async () => {
    const flat = await sharp({ create: { width: 140, height: 140, channels: 3, background: '#c8b89a' } })
      .png()
      .toBuffer();
    const out = await job(flat, 280, 280, 2);
    let worst = 0;
    for (let i = 0; i < out.data.length; i += 3) {
      worst = Math.max(
        worst,
        Math.abs(out.data[i]! - 0xc8),
        Math.abs(out.data[i + 1]! - 0xb8),
        Math.abs(out.data[i + 2]! - 0x9a),
      );
    }
    expect(worst).toBeLessThanOrEqual(4);
  });

  it('meets any target size, and reports every tile', async () => {
    const image = await picture(200, 150);
    const ticks: [number, number][] = [];
    const out = await job(image, 401, 299, 2, { onProgress: (done, total) => ticks.push([done, total]) });
    expect([out.width, out.height]).toEqual([401, 299]);
    expect(ticks).toEqual([
      [1, 4],
      [2, 4],
      [3, 4],
      [4, 4],
    ]);
  });

  it('stops between tiles when cancelled, and takes the next job', async () => {
    const image = await picture(300, 200);
    const controller = new AbortController();
    const ticks: number[] = [];
    const running = job(image, 600, 400, 2, {
      signal: controller.signal,
      onProgress: (done) => {
        ticks.push(done);
        controller.abort();
      },
    });
    await expect(running).rejects.toMatchObject({ kind: 'interrupted' });
    const next = await job(await picture(64, 48), 128, 96, 2);
    expect(next.width).toBe(128);
    // It stopped at the tile it was on: one of six was done.
    expect(ticks).toEqual([1]);
  });

  it('fails a job whose image cannot be read as invalid', async () => {
    await expect(job(Buffer.from('not an image'), 20, 20, 2)).rejects.toMatchObject({ kind: 'invalid' });
  });

  it('fails only the job whose thread dies; the one queued behind it runs on a fresh thread', async () => {
    const image = await picture(64, 48);
    const crashed = job(image, CRASH_WIDTH, 96, 2);
    const after = job(image, 128, 96, 2);
    await expect(crashed).rejects.toBeInstanceOf(EngineError);
    await expect(crashed).rejects.toMatchObject({ kind: 'lost' });
    expect((await after).width).toBe(128);
  });
});
