import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { create, type Font } from 'fontkit';

/**
 * Noto Sans SC (SIL Open Font License 1.1, from the @expo-google-fonts package): Chinese and Latin
 * in one family, so captions that mix both read as one text. Its outlines are TrueType, which
 * fontkit subsets reliably: a PDF carries only the glyphs its board uses (kilobytes, where the whole
 * font is 10 MB). The PNG path draws the same outlines, so it needs no font installed on the machine.
 */
const FILES = {
  regular: () => import.meta.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  medium: () => import.meta.resolve('@expo-google-fonts/noto-sans-sc/500Medium/NotoSansSC_500Medium.ttf'),
};
type FontWeight = keyof typeof FILES;

interface BoardFont {
  weight: FontWeight;
  /** The font file, for PDFKit to embed a subset of. */
  data: Buffer;
  /** Advance width of a line at `size` (points or pixels, as `size` is given). */
  measure(text: string, size: number): number;
  /** Distance from the top of a line box to its baseline, at `size`. */
  ascent(size: number): number;
  /**
   * A line's glyphs as SVG paths (y down), the line box's top left corner at (x, top): what the
   * PNG renderer rasterises, with the PDF's very outlines and metrics.
   */
  outline(text: string, size: number, x: number, top: number): string;
}

const round = (n: number) => Math.round(n * 100) / 100;

function boardFont(weight: FontWeight, data: Buffer): BoardFont {
  // A .ttf holds one font (a collection would be a .ttc).
  const face = create(data) as Font;
  const em = face.unitsPerEm;
  return {
    weight,
    data,
    measure: (text, size) => (text ? (face.layout(text).advanceWidth / em) * size : 0),
    ascent: (size) => (face.ascent / em) * size,
    outline(text, size, x, top) {
      const scale = size / em;
      const run = face.layout(text);
      const paths: string[] = [];
      let pen = 0;
      run.glyphs.forEach((glyph, i) => {
        const position = run.positions[i]!;
        const d = glyph.path.toSVG();
        if (d) paths.push(`<path transform="translate(${pen + position.xOffset} ${position.yOffset})" d="${d}"/>`);
        pen += position.xAdvance;
      });
      const baseline = top + (face.ascent / em) * size;
      // Font units are y up; the page is y down.
      const k = scale.toPrecision(6);
      return `<g transform="matrix(${k} 0 0 -${k} ${round(x)} ${round(baseline)})">${paths.join('')}</g>`;
    },
  };
}

export type BoardFonts = Record<FontWeight, BoardFont>;

let loading: Promise<BoardFonts> | null = null;

/** The board's fonts, read once per process (about 21 MB for both weights) on the first export. */
export function boardFonts(): Promise<BoardFonts> {
  loading ??= (async () => {
    const [regular, medium] = await Promise.all(
      (['regular', 'medium'] as const).map(async (weight) =>
        boardFont(weight, await readFile(fileURLToPath(FILES[weight]()))),
      ),
    );
    return { regular: regular!, medium: medium! };
  })().catch((err: unknown) => {
    // A failed read is tried again by the next export rather than remembered.
    loading = null;
    throw err;
  });
  return loading;
}
