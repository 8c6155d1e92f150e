/** The width of a piece of text at the size being laid out, in points. */
export type Measure = (text: string) => number;

const ELLIPSIS = '…';
// Chinese, Japanese and Korean text breaks between any two characters; other scripts between words.
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;
// Punctuation that never starts a line: it stays with what it follows.
const CLOSING = /^[，。、；：！？）」』》〉】,.;:!?)\]}%]$/u;

/** The pieces a line may break between: words with their trailing punctuation, single CJK characters, spaces. */
export function breakUnits(text: string): string[] {
  const units: string[] = [];
  for (const char of text) {
    const last = units.at(-1);
    const space = char === ' ';
    if (last !== undefined && CLOSING.test(char)) units[units.length - 1] = last + char;
    else if (space) units.push(char);
    else if (CJK.test(char) || last === undefined || last === ' ' || CJK.test([...last].at(-1)!)) units.push(char);
    else units[units.length - 1] = last + char;
  }
  return units;
}

/** The longest start of `text` that fits `width` with an ellipsis after it. */
export function ellipsize(text: string, width: number, measure: Measure): string {
  if (measure(text) <= width) return text;
  const chars = [...text.trimEnd()];
  // Binary search on characters: captions are short, but a title may be a long unbroken run.
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(chars.slice(0, mid).join('').trimEnd() + ELLIPSIS) <= width) lo = mid;
    else hi = mid - 1;
  }
  return chars.slice(0, lo).join('').trimEnd() + ELLIPSIS;
}

/** Splits a unit wider than a whole line into pieces that fit. */
function cut(unit: string, width: number, measure: Measure): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of unit) {
    if (piece && measure(piece + char) > width) {
      pieces.push(piece);
      piece = char;
    } else piece += char;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/**
 * Breaks text into at most `maxLines` lines of at most `width`; what does not fit ends the last
 * line with an ellipsis. Whitespace runs (line breaks included) count as one space. Both renderers
 * draw these lines as they are, so a PDF and a PNG board break their captions alike.
 */
export function wrapLines(text: string, width: number, maxLines: number, measure: Measure): string[] {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean || maxLines < 1) return [];
  const lines: string[] = [];
  let line = '';
  const push = () => {
    if (line.trim()) lines.push(line.trim());
    line = '';
  };
  for (const unit of breakUnits(clean)) {
    if (unit === ' ') {
      if (line) line += unit;
      continue;
    }
    if (measure((line + unit).trim()) <= width) {
      line += unit;
      continue;
    }
    push();
    if (measure(unit) <= width) line = unit;
    else {
      const pieces = cut(unit, width, measure);
      for (const piece of pieces.slice(0, -1)) lines.push(piece);
      line = pieces.at(-1) ?? '';
    }
  }
  push();
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  // The last kept line runs on into what was cut, then gives way to the ellipsis.
  const last = kept[maxLines - 1]!;
  const next = lines[maxLines]!;
  const joint = CJK.test([...last].at(-1)!) || CJK.test(next[0]!) ? '' : ' ';
  kept[maxLines - 1] = ellipsize(last + joint + next, width, measure);
  return kept;
}
