import {
  LIMITS,
  type DesignType,
  type PromptHelpNote,
  type Tag,
  type TagCategory,
  type TaskMode,
} from '@turing/contract';
import type { WordPackageSeed } from '../catalogue/word-packages.data.ts';
import { DEFAULT_PACKAGE, PACKAGE_USES, framePhrase, tailPhrase } from './phrases.data.ts';

/** What the offline composition builds from: the catalogue's tags of the design type and the recommended packages. */
export interface Vocabulary {
  tags: Record<TagCategory, Tag[]>;
  packages: readonly WordPackageSeed[];
}

export type AnswerLang = 'en' | 'zh';

const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;
export const hasHan = (text: string) => HAN.test(text);

/** Function tags (what is built) first, then its style, then its materials: the order a designer describes in. */
const CATEGORY_ORDER: readonly TagCategory[] = ['function', 'style', 'material'];

type Item = { kind: 'tag'; category: TagCategory; tag: Tag } | { kind: 'package'; pkg: WordPackageSeed };
interface Term {
  text: string;
  item: Item;
}

/** Recommended packages that suit the design type (one the table does not know suits both). */
const packagesFor = (packages: readonly WordPackageSeed[], type: DesignType) =>
  packages.filter((p) => PACKAGE_USES[p.id]?.types.includes(type) ?? true);

function termsOf(vocabulary: Vocabulary, type: DesignType): Term[] {
  const terms: Term[] = [];
  for (const category of CATEGORY_ORDER) {
    for (const tag of vocabulary.tags[category]) {
      const item: Item = { kind: 'tag', category, tag };
      for (const text of [tag.label.zh, tag.label.en, tag.slug.replaceAll('-', ' ')]) terms.push({ text, item });
    }
  }
  for (const pkg of packagesFor(vocabulary.packages, type)) {
    const item: Item = { kind: 'package', pkg };
    const aliases = PACKAGE_USES[pkg.id]?.aliases;
    for (const text of [pkg.nameZh, pkg.name, ...(aliases?.zh ?? []), ...(aliases?.en ?? [])])
      terms.push({ text, item });
  }
  // Longest first, so "酒店客房" is the hotel room and not also the hotel; ties keep the catalogue's order.
  return terms
    .map((term, i) => ({ ...term, text: term.text.toLowerCase().replaceAll('’', "'"), i }))
    .filter((term) => term.text.trim())
    .sort((a, b) => b.text.length - a.text.length || a.i - b.i);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where a term occurs: Chinese anywhere; English as whole words (plurals too), spaces and dashes alike. */
function occurrences(haystack: string, term: string): [number, number][] {
  const pattern = hasHan(term)
    ? escape(term)
    : `(?<![\\p{L}\\p{N}])${term
        .split(/[\s-]+/)
        .map(escape)
        .join('[\\s-]+')}(?:e?s)?(?![\\p{L}\\p{N}])`;
  return [...haystack.matchAll(new RegExp(pattern, 'gu'))].map((m) => [m.index, m.index + m[0].length]);
}

interface Recognised {
  tags: Record<TagCategory, Tag[]>;
  packages: WordPackageSeed[];
  /** Whether Chinese words are left that no tag or package names: an offline English version misses them. */
  unrecognisedHan: boolean;
}

/** The tags and packages the user's words name, in the order they were typed. */
function recognise(text: string, vocabulary: Vocabulary, type: DesignType): Recognised {
  const haystack = text.toLowerCase().replaceAll('’', "'");
  const covered = new Array<boolean>(haystack.length).fill(false);
  const found = new Map<Item, number>();
  for (const term of termsOf(vocabulary, type)) {
    for (const [start, end] of occurrences(haystack, term.text)) {
      if (covered.slice(start, end).some(Boolean)) continue;
      covered.fill(true, start, end);
      if (!found.has(term.item)) found.set(term.item, start);
    }
  }
  const items = [...found].sort((a, b) => a[1] - b[1]).map(([item]) => item);
  const tags = { style: [], material: [], function: [] } as Record<TagCategory, Tag[]>;
  const packages: WordPackageSeed[] = [];
  for (const item of items) {
    if (item.kind === 'tag') tags[item.category].push(item.tag);
    else packages.push(item.pkg);
  }
  // Particles and punctuation between recognised words carry nothing a translation would miss.
  const rest = [...haystack]
    .filter((_, i) => !covered[i])
    .join('')
    .replace(/[的和与及、]/g, '');
  return { tags, packages, unrecognisedHan: hasHan(rest) };
}

/** The user's words as one phrase: single spaces, no closing punctuation, spaces between Chinese words as commas. */
function userPhrase(text: string, lang: AnswerLang) {
  let out = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s,.;:!?，。；：！？、]+$/u, '');
  if (lang === 'zh') out = out.replace(/(?<=[\u3400-\u9fff]) (?=[\u3400-\u9fff])/g, '，');
  return out;
}

/** Joins fragments, each once, and stops before the prompt's limit (a fragment is never cut). */
function joinWithin(parts: readonly string[], lang: AnswerLang, max = LIMITS.promptMax) {
  const sep = lang === 'zh' ? '，' : ', ';
  const seen = new Set<string>();
  let out = '';
  for (const part of parts) {
    const key = part.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    const next = out ? `${out}${sep}${part.trim()}` : part.trim();
    if (next.length > max) break;
    seen.add(key);
    out = next;
  }
  return out;
}

export interface CompositionInput {
  text: string;
  mode: TaskMode;
  type: DesignType;
  /** Tags chosen in the form, by category. */
  chosen: Record<TagCategory, Tag[]>;
  lang: AnswerLang;
  /** Whether an English version goes with a Chinese prompt (the chosen model reads English only). */
  withEnglish: boolean;
}

export interface Composition {
  prompt: string;
  promptEn?: string;
  notes: PromptHelpNote[];
}

/**
 * The prompt without a language model, the same for the same input: what the mode and type make,
 * the user's words, the tags chosen and recognised (their prompt text), the recognised word packages
 * (or the type's usual one), and a finish. Chinese words no tag names cannot go into English
 * offline: they are left out of an English prompt, and a note says so.
 */
export function composeOffline(input: CompositionInput, vocabulary: Vocabulary): Composition {
  const found = recognise(input.text, vocabulary, input.type);
  const tags = CATEGORY_ORDER.flatMap((category) => {
    const seen = new Set<string>();
    return [...input.chosen[category], ...found.tags[category]].filter((t) => !seen.has(t.slug) && seen.add(t.slug));
  });
  const byId = new Map(vocabulary.packages.map((p) => [p.id, p]));
  const fallback = input.mode === 'edit' ? undefined : byId.get(DEFAULT_PACKAGE[input.type]);
  const packages = found.packages.length ? found.packages : fallback ? [fallback] : [];
  const frame = framePhrase(input.mode, input.type);
  const tail = tailPhrase(input.mode);
  const typedInChinese = hasHan(input.text);

  const compose = (lang: AnswerLang) =>
    joinWithin(
      [
        frame?.[lang] ?? '',
        lang === 'en' && typedInChinese ? '' : userPhrase(input.text, lang),
        ...tags.map((t) => t.prompt[lang]),
        ...packages.map((p) => (lang === 'zh' ? (PACKAGE_USES[p.id]?.positiveZh ?? p.nameZh) : p.positive)),
        tail[lang],
      ],
      lang,
    );

  const missed: PromptHelpNote[] = typedInChinese && found.unrecognisedHan ? ['partly_translated'] : [];
  if (input.lang === 'en') return { prompt: compose('en'), notes: missed };
  if (!input.withEnglish) return { prompt: compose('zh'), notes: [] };
  return { prompt: compose('zh'), promptEn: compose('en'), notes: missed };
}
