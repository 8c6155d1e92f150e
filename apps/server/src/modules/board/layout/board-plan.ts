import type { BoardLayout, BoardOrientation, BoardPaper, Locale } from '@turing/contract';
import { boardFrame, paginate, placeInCell, type Rect, type Rule, type TextBox } from './board-layout.ts';
import { boardWords } from './board-words.ts';
import { ellipsize, wrapLines } from './text-lines.ts';

type Weight = 'regular' | 'medium';
/** The width of `text` set in `weight` at `size` points. */
export type MeasureText = (weight: Weight, text: string, size: number) => number;

/** The board's colours: near-black type and rules on white, greys for what is secondary. */
export const INK = { text: '#1a1a1a', soft: '#4d4d4d', muted: '#8c8c8c', rule: '#1a1a1a' } as const;

/** One line of text, placed: `y` is the top of its line box, in points. */
interface PlacedText {
  text: string;
  weight: Weight;
  size: number;
  color: string;
  x: number;
  y: number;
}

export interface BoardItem {
  width: number;
  height: number;
  caption?: string | undefined;
  group?: string | undefined;
}

export interface PagePlan<T extends BoardItem> {
  number: number;
  width: number;
  height: number;
  ruleWidth: number;
  rules: Rule[];
  texts: PlacedText[];
  images: { item: T; rect: Rect }[];
}

export interface BoardSpec<T extends BoardItem> {
  title: string;
  subtitle?: string | undefined;
  paper: BoardPaper;
  orientation: BoardOrientation;
  layout: BoardLayout;
  lang: Locale;
  timeZone?: string | undefined;
  items: readonly T[];
}

/**
 * Every page of a board, drawn in advance as positions, lines and colours, so that the PDF and the
 * PNG renderers only paint: the title, the subtitle with the page's view names, the date, the page
 * number and each image with its number, view name and caption under it.
 */
export function planBoard<T extends BoardItem>(spec: BoardSpec<T>, measure: MeasureText, now: Date): PagePlan<T>[] {
  const frame = boardFrame(spec);
  const words = boardWords(spec.lang, spec.timeZone);
  const pages = paginate(spec.items, spec.layout);
  const date = words.date(now);

  const line = (box: TextBox, text: string, weight: Weight, color: string): PlacedText => {
    const fitted = ellipsize(text, box.width, (t) => measure(weight, t, box.size));
    const x = box.align === 'right' ? box.x + box.width - measure(weight, fitted, box.size) : box.x;
    return { text: fitted, weight, size: box.size, color, x, y: box.y };
  };
  const lines = (box: TextBox, text: string, color: string): PlacedText[] =>
    wrapLines(text, box.width, box.maxLines, (t) => measure('regular', t, box.size)).map((l, i) => ({
      text: l,
      weight: 'regular',
      size: box.size,
      color,
      x: box.x,
      y: box.y + i * box.lineHeight,
    }));

  return pages.map((items, p) => {
    const groups = [...new Set(items.map((item) => item.group?.trim()).filter((g): g is string => Boolean(g)))];
    const subtitle = [spec.subtitle?.trim(), groups.join(words.separator)].filter(Boolean).join('  —  ');
    const texts: PlacedText[] = [
      line(frame.title, spec.title, 'medium', INK.text),
      line(frame.date, date, 'regular', INK.muted),
      line(frame.brand, words.brand, 'regular', INK.muted),
      line(frame.page, words.page(p + 1, pages.length), 'regular', INK.muted),
    ];
    if (subtitle) texts.push(line(frame.subtitle, subtitle, 'regular', INK.soft));
    const images = items.map((item, i) => {
      const placed = placeInCell(frame, frame.cells[i]!, item.width, item.height);
      const number = words.number(p * spec.layout + i + 1);
      const group = item.group?.trim();
      texts.push(line(placed.label, group ? `${number}  ${group}` : number, 'regular', INK.muted));
      texts.push(...lines(placed.caption, item.caption ?? '', INK.text));
      return { item, rect: placed.image };
    });
    return {
      number: p + 1,
      width: frame.width,
      height: frame.height,
      ruleWidth: frame.rule,
      rules: frame.rules,
      texts,
      images,
    };
  });
}
