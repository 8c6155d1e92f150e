import { z } from 'zod';
import { MODELS, QUALITIES, type Model, type Quality } from '@turing/contract';
import type { EngineList } from './engines/index.ts';

/**
 * The generation settings written as lists (MODEL_ENGINES, QUALITY_LONG_EDGE, COST_CUBES,
 * MODEL_COSTS), parsed when the configuration is loaded. Every part must be right: a misspelt
 * engine, model or quality, a number that is not a whole number above 0, something named twice,
 * stops the start with the variable, its value and the form expected, instead of being skipped
 * without a word (a route or a price the operator set and never got).
 */

/** Per model, cubes per image by quality and per upscale factor (MODEL_COSTS). */
export type ModelCosts = Partial<Record<Model, Partial<Record<Quality | 2 | 4, number>>>>;

/** What a parser gives: the value, and what is wrong with the text (nothing when it is right). */
interface Parsed<T> {
  value: T;
  problems: string[];
}

const isModel = (name: string): name is Model => (MODELS as readonly string[]).includes(name);
const entriesOf = (text: string, separator: string) => (text.trim() ? text.split(separator).map((s) => s.trim()) : []);

/** "key:n,key:n" → { key: n }: each key one of `keys`, once, each n a whole number above 0. */
function wholeNumbers<K extends string>(text: string, keys: readonly K[], problems: string[], prefix = '') {
  const out: Partial<Record<K, number>> = {};
  for (const part of entriesOf(text, ',')) {
    const [key = '', n, ...extra] = part.split(':').map((s) => s.trim());
    if (!part) problems.push(`${prefix}an empty entry`);
    else if (n === undefined || extra.length) problems.push(`${prefix}"${part}" is not a key:number pair`);
    else if (!(keys as readonly string[]).includes(key)) problems.push(`${prefix}unknown key "${key}"`);
    else if (!/^\d+$/.test(n) || Number(n) === 0)
      problems.push(`${prefix}${key}: "${n}" is not a whole number above 0`);
    else if (out[key as K] !== undefined) problems.push(`${prefix}${key} is given twice`);
    else out[key as K] = Number(n);
  }
  return out;
}

/** "SD:768,HD:1280" over `defaults`: a quality left out keeps its default. */
export function parseQualityTable(text: string, defaults: Record<Quality, number>): Parsed<Record<Quality, number>> {
  const problems: string[] = [];
  const given = wholeNumbers(text, QUALITIES, problems);
  return { value: { ...defaults, ...given }, problems };
}

/** MODEL_ENGINES: "architecture:comfyui,architecture-beta:openai" → { architecture: 'comfyui', … }. */
export function parseModelEngines(text: string, engines: EngineList): Parsed<Partial<Record<Model, string>>> {
  const value: Partial<Record<Model, string>> = {};
  const problems: string[] = [];
  for (const part of entriesOf(text, ',')) {
    const [model = '', engine, ...extra] = part.split(':').map((s) => s.trim());
    if (!part) problems.push('an empty entry');
    else if (!model || !engine || extra.length) problems.push(`"${part}" is not a model:engine pair`);
    else if (!isModel(model)) problems.push(`unknown model "${model}"`);
    else if (!engines.some((e) => e.name === engine)) problems.push(`unknown engine "${engine}"`);
    else if (value[model] !== undefined) problems.push(`${model} is routed twice`);
    else value[model] = engine;
  }
  return { value, problems };
}

const PRICE_KEYS = { SD: 'SD', HD: 'HD', FHD: 'FHD', x2: 2, x4: 4 } as const;
type PriceKey = keyof typeof PRICE_KEYS;

/**
 * MODEL_COSTS: "flux-pro:SD:3,HD:4,FHD:6;stable-image-ultra:x4:20" — per model (entries separated
 * by ";"), cubes per image by quality (SD, HD, FHD) and per upscale (x2, x4).
 */
export function parseModelCosts(text: string): Parsed<ModelCosts> {
  const value: ModelCosts = {};
  const problems: string[] = [];
  for (const entry of entriesOf(text, ';')) {
    const at = entry.indexOf(':');
    const model = (at < 0 ? entry : entry.slice(0, at)).trim();
    const prices = at < 0 ? '' : entry.slice(at + 1);
    if (!entry) problems.push('an empty entry');
    else if (!isModel(model)) problems.push(model ? `unknown model "${model}"` : `"${entry}" names no model`);
    else if (value[model]) problems.push(`${model} is priced twice`);
    else if (!prices.trim()) problems.push(`${model} has no prices`);
    else {
      const given = wholeNumbers(prices, Object.keys(PRICE_KEYS) as PriceKey[], problems, `${model}: `);
      value[model] = Object.fromEntries(Object.entries(given).map(([k, n]) => [PRICE_KEYS[k as PriceKey], n]));
    }
  }
  return { value, problems };
}

/** A zod transform that keeps a parser's value, or refuses the text with its problems and the form expected. */
function strictly<T>(parse: (text: string) => Parsed<T>, form: string) {
  return (text: string, ctx: z.RefinementCtx): T => {
    const { value, problems } = parse(text);
    if (problems.length === 0) return value;
    ctx.addIssue({ code: 'custom', message: `${problems.join('; ')} in "${text}" (expected ${form})` });
    return z.NEVER;
  };
}

/** MODEL_ENGINES' field: a model of the catalogue routed to an engine of `engines`. */
export function modelEnginesSetting(engines: EngineList) {
  const form = `model:engine pairs separated by commas, e.g. architecture:comfyui,architecture-beta:openai; models ${MODELS.join(', ')}; engines ${engines.map((e) => e.name).join(', ')}`;
  return z
    .string()
    .default('')
    .transform(strictly((text) => parseModelEngines(text, engines), form));
}

/** QUALITY_LONG_EDGE's and COST_CUBES' field: a whole number above 0 per quality, `defaults` for those left out. */
export function qualityTableSetting(defaults: Record<Quality, number>, unit: string) {
  const text = QUALITIES.map((q) => `${q}:${defaults[q]}`).join(',');
  const form = `quality:${unit} pairs separated by commas, e.g. ${text}; qualities ${QUALITIES.join(', ')}; ${unit} a whole number above 0`;
  return z
    .string()
    .default(text)
    .transform(strictly((given) => parseQualityTable(given, defaults), form));
}

/** MODEL_COSTS' field. */
export function modelCostsSetting() {
  const form = `model:key:cubes,key:cubes entries separated by ";", e.g. flux-pro:SD:3,HD:4,FHD:6;stable-image-ultra:x4:20; keys ${Object.keys(PRICE_KEYS).join(', ')}; cubes a whole number above 0`;
  return z.string().default('').transform(strictly(parseModelCosts, form));
}
