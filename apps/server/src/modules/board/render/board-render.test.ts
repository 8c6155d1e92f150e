import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { boardFrame } from '../layout/board-layout.ts';
import { planBoard } from '../layout/board-plan.ts';
import { boardFonts } from './board-fonts.ts';
import { renderPdf } from './board-pdf.ts';
import { renderPngPage } from './board-png.ts';

/** The ink of one character drawn from the font's outlines: its bounding box in pixels. */
async function ink(char: string) {
  const { regular } = await boardFonts();
  const size = 100;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="200" height="200" fill="#fff"/><g fill="#000">${regular.outline(char, size, 50, 30)}</g></svg>`;
  const { info } = await sharp(Buffer.from(svg)).trim({ threshold: 50 }).toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height };
}

async function collect(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('the board’s fonts', () => {
  it('draw Chinese glyphs from the font itself (no installed font needed), not boxes', async () => {
    // A missing glyph is a tall box whatever the character; real ones have their own shapes.
    const one = await ink('一');
    const mouth = await ink('口');
    expect(one.width).toBeGreaterThan(60);
    expect(one.height).toBeLessThan(one.width / 5);
    expect(mouth.height).toBeGreaterThan(60);
    expect(Math.abs(mouth.width - mouth.height)).toBeLessThan(mouth.height / 4);
    const { regular, medium } = await boardFonts();
    // Measured like the PDF lays them out: a CJK character is one em wide.
    expect(regular.measure('湖', 20)).toBeCloseTo(20, 5);
    expect(medium.measure('Lake', 20)).toBeGreaterThan(regular.measure('Lake', 20));
  });
});

describe('rendering', () => {
  const items = Array.from({ length: 12 }, (_, i) => ({ width: 1200, height: 900, caption: `湖边 ${i + 1}` }));
  const spec = { title: '湖畔木亭', paper: 'A1', orientation: 'landscape', layout: 6, lang: 'zh' } as const;

  it('streams a PDF, fetching the next image only once the reader has taken most of the file so far', async () => {
    const fonts = await boardFonts();
    // Noise does not compress: each picture is about 2 MB, so a reader that stops holds up the rest.
    const noise = await sharp({
      create: {
        width: 1200,
        height: 900,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 100 })
      .toBuffer();
    let fetched = 0;
    const plans = planBoard({ ...spec, items }, (w, t, s) => fonts[w].measure(t, s), new Date());
    const stream = renderPdf(plans, {
      title: spec.title,
      lang: 'zh',
      dpi: 300,
      fonts,
      picture: async () => {
        fetched += 1;
        return { data: noise, width: 1200, height: 900 };
      },
      onError: () => {},
    });
    // Nobody reads yet: the renderer stops a few images in rather than taking all twelve into memory.
    for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(fetched).toBeGreaterThan(0);
    expect(fetched).toBeLessThan(6);
    const pdf = await PDFDocument.load(await collect(stream));
    expect(fetched).toBe(12);
    expect(pdf.getPageCount()).toBe(2);
  });

  it('stops fetching images when the reader goes away', async () => {
    const fonts = await boardFonts();
    const small = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    let fetched = 0;
    const plans = planBoard({ ...spec, items }, (w, t, s) => fonts[w].measure(t, s), new Date());
    const stream = renderPdf(plans, {
      title: spec.title,
      lang: 'zh',
      dpi: 150,
      fonts,
      picture: async () => {
        fetched += 1;
        if (fetched === 3) stream.destroy();
        return { data: small, width: 8, height: 6 };
      },
      onError: () => {},
    });
    stream.resume();
    await once(stream, 'close');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetched).toBe(3);
  });

  it('draws a PNG page at the board’s pixels with its text and rules', async () => {
    const fonts = await boardFonts();
    const plans = planBoard(
      { ...spec, paper: 'A3', layout: 1, items: items.slice(0, 1) },
      (w, t, s) => fonts[w].measure(t, s),
      new Date(),
    );
    const page = await renderPngPage(plans[0]!, {
      dpi: 150,
      fonts,
      picture: (_item, pixels) =>
        sharp({ create: { ...pixels, channels: 3, background: '#3060a0' } })
          .png()
          .toBuffer()
          .then((data) => ({ data, ...pixels })),
      onError: () => {},
    });
    const png = await collect(page);
    const meta = await sharp(png).metadata();
    expect([meta.width, meta.height]).toEqual([2480, 1754]);
    // Ink where the title is set: the header is not blank.
    const frame = boardFrame({ paper: 'A3', orientation: 'landscape', layout: 1 });
    const scale = 150 / 72;
    const title = await sharp(png)
      .extract({
        left: Math.round(frame.title.x * scale),
        top: Math.round(frame.title.y * scale),
        width: 200,
        height: Math.round(frame.title.lineHeight * scale),
      })
      .stats();
    expect(title.channels[0]!.min).toBeLessThan(80);
  });
});
