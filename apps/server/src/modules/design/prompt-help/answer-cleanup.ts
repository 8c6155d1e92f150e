import { LIMITS } from '@turing/contract';
import { hasHan, type AnswerLang } from './offline-composer.ts';

/**
 * A language model's answer made into a prompt field's text. Models asked for plain text still
 * wrap it now and then: in a code fence, in quotes, after a label ("Prompt:"), as a markdown list,
 * over several lines. All of that goes; the words stay.
 */

const FENCE = /^\s*```[\w-]*\s*$/;
const LEADING_MARKS = /^\s*(?:#{1,6}\s+|>\s*|[-*+•·]\s+|\d{1,2}[.)]\s+|\d{1,2}、\s*)+/u;
const EMPHASIS = /(\*\*|__|\*|`)/g;
const LABEL =
  /^(?:improved prompt|prompt|english(?: version| prompt| translation)?|translation|chinese(?: prompt)?|中文(?:提示词|版本)?|英文(?:提示词|版本|翻译)?|提示词|优化后的提示词|翻译)\s*[:：]\s*/iu;
const QUOTE_PAIRS: [string, string][] = [
  ['"', '"'],
  ["'", "'"],
  ['“', '”'],
  ['‘', '’'],
  ['「', '」'],
  ['『', '』'],
  ['《', '》'],
];

/** A quote pair wrapping the whole text, if one does. */
const wrapping = (text: string) =>
  QUOTE_PAIRS.find(([open, close]) => text.length >= 2 && text.startsWith(open) && text.endsWith(close));

/** One line without markdown, label or wrapping quotes. */
function cleanLine(line: string): string {
  let out = line.replace(LEADING_MARKS, '').replace(EMPHASIS, '').trim().replace(LABEL, '').trim();
  for (let pair = wrapping(out); pair; pair = wrapping(out)) out = out.slice(pair[0].length, -pair[1].length).trim();
  // An answer cut at its token bound keeps its opening quote and loses the closing one.
  for (const [open, close] of QUOTE_PAIRS) {
    if (out.startsWith(open) && !out.includes(close, open.length)) out = out.slice(open.length).trim();
    if (out.endsWith(close) && !out.slice(0, -close.length).includes(open)) out = out.slice(0, -close.length).trim();
  }
  return out;
}

/** The answer's lines that hold words, cleaned; fences and blank lines dropped. */
function answerLines(raw: string): string[] {
  return raw
    .split(/\r?\n/)
    .filter((line) => !FENCE.test(line))
    .map(cleanLine)
    .filter((line) => /[\p{L}\p{N}]/u.test(line));
}

const ENDS_A_SENTENCE = /[,.;:!?，。；：！？、]$/u;

/** Lines as one: a line that ends without punctuation is followed by a comma; whitespace collapsed. */
function oneLine(lines: readonly string[], lang: AnswerLang): string {
  const comma = lang === 'zh' ? '，' : ', ';
  return lines
    .map((line, i) => (i === lines.length - 1 || ENDS_A_SENTENCE.test(line) ? line : `${line}${comma}`))
    .join(lang === 'zh' ? '' : ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The first `max` UTF-16 units of a text, one fewer when the last would be the first half of a
 * surrogate pair (an emoji, a rare CJK ideograph): a lone half has no UTF-8 form, and the submit
 * refuses a prompt holding one (TEXT_INVALID_CHAR).
 */
function headOf(text: string, max: number) {
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** At most `max` characters, cut after the last whole phrase (or word) that fits. */
export function capLength(text: string, max: number = LIMITS.promptMax): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max + 1);
  const cut = Math.max(...[',', '，', '。', ';', '；', '.', ' '].map((mark) => head.lastIndexOf(mark)));
  const kept = cut > max / 2 ? head.slice(0, cut) : headOf(text, max);
  return kept.replace(/[\s,.;:，。；：、]+$/u, '');
}

/**
 * The prompt in an answer, and its English version when one was asked for (the Chinese lines, then
 * the English ones); null when the answer holds no usable prompt in the language asked for.
 */
export function readAnswer(
  raw: string,
  opts: { lang: AnswerLang; withEnglish: boolean },
): { prompt: string; promptEn?: string } | null {
  const lines = answerLines(raw);
  if (!opts.withEnglish) {
    const prompt = capLength(oneLine(lines, opts.lang));
    // A Chinese prompt was asked for: an answer in another language is no answer.
    return prompt && (opts.lang === 'en' || hasHan(prompt)) ? { prompt } : null;
  }
  const chinese = lines.filter(hasHan);
  const english = lines.filter((line) => !hasHan(line));
  if (!chinese.length) return null;
  const promptEn = english.length ? capLength(oneLine(english, 'en')) : '';
  return { prompt: capLength(oneLine(chinese, 'zh')), ...(promptEn ? { promptEn } : {}) };
}
