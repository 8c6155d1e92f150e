import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { featherAlpha, pasteBack } from './paste-back.ts';

const W = 120;
const H = 90;

/** A noisy original, so any resampling or colour drift outside the mask would show. */
async function original(): Promise<Buffer> {
  const data = Buffer.alloc(W * H * 3);
  for (let i = 0; i < data.length; i++) data[i] = (i * 37 + (i >> 5) * 11) & 255;
  return sharp(data, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toBuffer();
}

/** Mask: a white rectangle x 30–89, y 20–69. */
const inMask = (x: number, y: number) => x >= 30 && x < 90 && y >= 20 && y < 70;
const mask = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="#000"/><rect x="30" y="20" width="60" height="50" fill="#fff"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

describe('pasteBack', () => {
  it('keeps every pixel outside the mask identical, fills the inside and feathers only inward', async () => {
    const before = await original();
    // Generated at another size, as engines return: it must be fitted to the original first.
    const generated = await sharp({ create: { width: 240, height: 180, channels: 3, background: '#20c040' } })
      .png()
      .toBuffer();
    const out = await pasteBack(before, generated, await mask(), { featherPx: 4 });

    const meta = await sharp(out).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', W, H]);
    const a = await sharp(before).raw().toBuffer();
    const b = await sharp(out).raw().toBuffer();
    let outsideDiffers = 0;
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const i = (y * W + x) * 3;
        const same = a[i] === b[i] && a[i + 1] === b[i + 1] && a[i + 2] === b[i + 2];
        if (!inMask(x, y) && !same) outsideDiffers++;
      }
    }
    expect(outsideDiffers).toBe(0);

    const px = (x: number, y: number) => [...b.subarray((y * W + x) * 3, (y * W + x) * 3 + 3)];
    const orig = (x: number, y: number) => [...a.subarray((y * W + x) * 3, (y * W + x) * 3 + 3)];
    // Deep inside: the generated colour.
    expect(px(60, 45)).toEqual([0x20, 0xc0, 0x40]);
    // On the mask's edge: still the original.
    expect(px(30, 45)).toEqual(orig(30, 45));
    // Two pixels in: a mix of both.
    const mid = px(32, 45)[1]!;
    const o = orig(32, 45)[1]!;
    expect(mid).not.toBe(0xc0);
    expect(mid).not.toBe(o);
    expect(mid).toBeGreaterThanOrEqual(Math.min(o, 0xc0));
    expect(mid).toBeLessThanOrEqual(Math.max(o, 0xc0));
  });

  it('keeps the original alpha channel outside the mask', async () => {
    const rgba = await sharp({
      create: { width: W, height: H, channels: 4, background: { r: 9, g: 99, b: 199, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const generated = await sharp({ create: { width: W, height: H, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const out = await sharp(await pasteBack(rgba, generated, await mask(), { featherPx: 0 }))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(out.info.channels).toBe(4);
    expect([...out.data.subarray(0, 4)]).toEqual([9, 99, 199, 128]);
    const inside = (45 * W + 60) * 4;
    expect([...out.data.subarray(inside, inside + 4)]).toEqual([255, 255, 255, 255]);
  });

  it('does not feather along the picture border', () => {
    const full = new Uint8Array(10 * 10).fill(255);
    expect([...featherAlpha(full, 10, 10, 4)].every((a) => a === 255)).toBe(true);
  });
});
