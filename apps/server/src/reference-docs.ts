import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import type { EngineInputLimits } from '@turing/contract';
import { configSchema, engineTopicTitle, settingTopics } from './config.ts';
import { ENGINES, type EngineList } from './generation/engines/index.ts';
import { TRANSITIONS } from './generation/lifecycle/index.ts';

/**
 * The parts of docs/ that restate code: written from the code by `npm run docs`, and compared with
 * it by reference-docs.test.ts, so a table there cannot drift from what the server does. Each part
 * sits between `<!-- generated:<name> -->` and `<!-- /generated:<name> -->` in its file; the prose
 * around it is written by hand.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A Markdown cell: pipes escaped, line breaks folded. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
const code = (text: string) => `\`${text}\``;
const list = (items: readonly string[]) => (items.length ? items.map(code).join(', ') : '—');

function table(head: string[], rows: string[][]): string {
  return [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`]
    .concat(rows.map((row) => `| ${row.map(cell).join(' | ')} |`))
    .join('\n');
}

/** The task lifecycle: one row per event of generation/lifecycle/transitions.ts. */
export function lifecycleTable(): string {
  const rows = Object.entries(TRANSITIONS).map(([event, t]) => {
    const row: { from: readonly string[]; to?: string; effects: readonly string[]; error?: string } = t;
    const notice = 'notice' in t ? (t.notice === null ? 'cleared' : code(t.notice)) : '—';
    return [
      code(event),
      list(row.from),
      row.to ? code(row.to) : '(stays)',
      list(row.effects),
      row.error ? code(row.error) : '—',
      notice,
    ];
  });
  return table(['event', 'from', 'to', 'effects', 'error', 'notice'], rows);
}

/** The value a setting takes when unset, read through its wrappers (a transform reads the default of its input). */
function defaultOf(schema: z.ZodType): unknown {
  const def = schema.def as { type: string; defaultValue?: unknown; in?: z.ZodType; innerType?: z.ZodType };
  if (def.type === 'default') return def.defaultValue;
  if (def.type === 'pipe') return def.in && defaultOf(def.in);
  if (def.type === 'optional' || def.type === 'nullable') return def.innerType && defaultOf(def.innerType);
  return undefined;
}

/** What the default column says: the setting's own words for a default worked out at start, else its value. */
function shownDefault(schema: z.ZodType): string {
  const shown = schema.meta()?.shown;
  if (typeof shown === 'string') return shown;
  const value = defaultOf(schema);
  return value === undefined || value === '' ? '—' : code(String(value));
}

/** A heading's anchor as GitHub makes it (lower case, punctuation dropped, spaces as hyphens). */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');

/**
 * Every environment variable, one table per topic in the schema's order: its default and what it
 * means, both from the schema (`.describe()`, and `.meta({ shown })` where the default is worked out
 * at start). A variable without a description stops the writing, naming it.
 */
export function settingsTables(engines: EngineList = ENGINES): string {
  const shape: Record<string, z.ZodType> = configSchema(engines).shape;
  const topics = settingTopics(engines);
  const undescribed = Object.keys(shape).filter((name) => !shape[name]!.meta()?.description);
  if (undescribed.length) throw new Error(`settings without a description (.describe()): ${undescribed.join(', ')}`);
  const homeless = Object.keys(shape).filter((name) => !topics.some((t) => Object.hasOwn(t.shape, name)));
  if (homeless.length) throw new Error(`settings of no topic (config.ts settingTopics): ${homeless.join(', ')}`);
  return topics
    .map((topic) => {
      const rows = Object.keys(shape)
        .filter((name) => Object.hasOwn(topic.shape, name))
        .map((name) => [code(name), shownDefault(shape[name]!), shape[name]!.meta()!.description!]);
      return `### ${topic.title}\n\n${table(['variable', 'default', 'meaning'], rows)}`;
    })
    .join('\n\n');
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');
const number = (n: number) => n.toLocaleString('en-US');
function bytes(n: number): string {
  if (n % 2 ** 20 === 0) return `${number(n / 2 ** 20)} MiB`;
  if (n % 1_000_000 === 0) return `${number(n / 1_000_000)} MB`;
  return `${number(n)} bytes`;
}

const megapixels = (n: number) => (n % 1_000_000 === 0 ? `${number(n / 1_000_000)} MP` : `${number(n)} pixels`);

/** A provider's limits on one input image, in words. */
function inputLimits(input: EngineInputLimits | undefined): string {
  const parts = [
    input?.minSide && input.maxSide ? `${number(input.minSide)}–${number(input.maxSide)} px a side` : '',
    input?.minSide && !input.maxSide ? `at least ${number(input.minSide)} px a side` : '',
    !input?.minSide && input?.maxSide ? `at most ${number(input.maxSide)} px a side` : '',
    input?.maxPixels ? `at most ${megapixels(input.maxPixels)}` : '',
    input?.maxBytes ? `at most ${bytes(input.maxBytes)}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : '—';
}

/**
 * The engines the server knows, one row each: what its descriptor says it does (its capabilities,
 * whether a running task can be stopped) and the settings it reads, linked to their table in
 * docs/configuration.md.
 */
export function enginesTable(engines: EngineList = ENGINES): string {
  const rows = engines.map((engine) => {
    const c = engine.capabilities;
    const reference = c.referenceModes ? `reference (${c.referenceModes.join(', ')})` : 'reference';
    const guides = [c.reference && reference, c.depth && 'depth', c.lineArt && 'line art'].filter((g): g is string =>
      Boolean(g),
    );
    const anchor = `configuration.md#${anchorOf(engineTopicTitle(engine.name))}`;
    const settings = Object.keys(engine.settings.shape).map((name) => `[${code(name)}](${anchor})`);
    return [
      code(engine.name),
      list(c.modes),
      String(c.maxCount),
      c.aspects === 'any' ? 'any' : list(c.aspects),
      list(c.qualities),
      yesNo(c.mask),
      guides.length ? guides.join(', ') : '—',
      yesNo(c.seed),
      yesNo(c.negativePrompt),
      c.upscale.length ? c.upscale.map((f) => `×${f}`).join(', ') : '—',
      list(c.languages),
      inputLimits(c.input),
      yesNo(engine.canCancelRunning),
      settings.length ? settings.join(', ') : '—',
    ];
  });
  const head = ['engine', 'modes', 'images per task', 'aspects', 'qualities', 'regions (mask)'];
  head.push('reference / depth / line art', 'seed', 'negative prompt', 'upscale', 'prompt languages');
  head.push('input limits', 'can cancel a running task', 'settings');
  return table(head, rows);
}

export interface GeneratedPart {
  file: string;
  name: string;
  render: () => string;
}

export const GENERATED_PARTS: GeneratedPart[] = [
  { file: 'docs/architecture.md', name: 'lifecycle', render: lifecycleTable },
  { file: 'docs/configuration.md', name: 'settings', render: () => settingsTables() },
  { file: 'docs/engines.md', name: 'engines', render: () => enginesTable() },
];

/** The file's text with every generated part written anew. */
export function withGeneratedParts(file: string, text: string, parts = GENERATED_PARTS): string {
  let out = text;
  for (const part of parts.filter((p) => p.file === file)) {
    const start = `<!-- generated:${part.name} -->`;
    const end = `<!-- /generated:${part.name} -->`;
    const from = out.indexOf(start);
    const to = out.indexOf(end);
    if (from < 0 || to < from) throw new Error(`${file}: the markers of the generated part "${part.name}" are missing`);
    out = `${out.slice(0, from + start.length)}\n${part.render()}\n${out.slice(to)}`;
  }
  return out;
}

/** Files whose generated parts differ from the code (with `write`, they are written anew). */
export function refreshDocs(write: boolean): string[] {
  const stale: string[] = [];
  for (const file of new Set(GENERATED_PARTS.map((p) => p.file))) {
    const full = path.join(repoRoot, file);
    const text = fs.readFileSync(full, 'utf8');
    const fresh = withGeneratedParts(file, text);
    if (fresh === text) continue;
    stale.push(file);
    if (write) fs.writeFileSync(full, fresh);
  }
  return stale;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const written = refreshDocs(true);
  console.log(written.length ? `written: ${written.join(', ')}` : 'docs/ is up to date');
}
