/**
 * What each tag looks like in a preview image, keyed by the tags' prompt slugs. The tables are
 * plain data so a designer can tune a look without touching the drawing code; slugs not listed
 * here fall back by keyword (e.g. "exposed-concrete" finds "concrete") and then to a neutral look.
 */

import { STYLE_ALIASES, STYLES, type StyleLook } from './style-looks.ts';

export type { StyleLook } from './style-looks.ts';

type Texture = 'concrete' | 'timber' | 'glass' | 'brick' | 'marble' | 'plaster' | 'metal' | 'stone' | 'terrazzo';

export interface MaterialLook {
  texture: Texture;
  base: string;
  light: string;
  dark: string;
}

export interface FunctionLook {
  /** Architectural: storeys of the main volume. */
  floors: [number, number];
  /** Architectural: main volume width as a share of the picture. */
  width: [number, number];
  /** Interior: which furniture the room gets. */
  furniture: 'sofa' | 'bed' | 'dining' | 'desk' | 'counter' | 'gallery';
}

export const MATERIALS: Record<string, MaterialLook> = {
  concrete: { texture: 'concrete', base: '#9d9d98', light: '#b9b8b2', dark: '#6f6f6b' },
  timber: { texture: 'timber', base: '#b07a45', light: '#cf9a62', dark: '#7c4f28' },
  glass: { texture: 'glass', base: '#6f9fc4', light: '#c7e0f2', dark: '#2f5878' },
  brick: { texture: 'brick', base: '#a4553a', light: '#c06d4d', dark: '#7a3a26' },
  marble: { texture: 'marble', base: '#ecebe7', light: '#f8f7f4', dark: '#a9a8a4' },
  plaster: { texture: 'plaster', base: '#efebe3', light: '#fbf9f4', dark: '#cfc9bd' },
  metal: { texture: 'metal', base: '#5d6268', light: '#8b9197', dark: '#383c41' },
  stone: { texture: 'stone', base: '#b5a48a', light: '#cdbfa6', dark: '#857760' },
  terrazzo: { texture: 'terrazzo', base: '#e4ddd2', light: '#f3eee6', dark: '#8f8577' },
  terracotta: { texture: 'brick', base: '#c0693f', light: '#d9865a', dark: '#8d4526' },
  bamboo: { texture: 'timber', base: '#c9a866', light: '#e0c58a', dark: '#957a3e' },
  oak: { texture: 'timber', base: '#c9a46f', light: '#e2c393', dark: '#96723f' },
  walnut: { texture: 'timber', base: '#6b4429', light: '#8a5c3b', dark: '#432816' },
};

const MATERIAL_ALIASES: Record<string, string> = {
  wood: 'timber',
  wooden: 'timber',
  'white-plaster': 'plaster',
  stucco: 'plaster',
  render: 'plaster',
  lime: 'plaster',
  steel: 'metal',
  aluminium: 'metal',
  aluminum: 'metal',
  copper: 'metal',
  corten: 'metal',
  granite: 'stone',
  limestone: 'stone',
  travertine: 'stone',
  slate: 'stone',
  curtain: 'glass',
  clay: 'terracotta',
  tile: 'terracotta',
};

const FUNCTIONS: Record<string, FunctionLook> = {
  residential: { floors: [3, 6], width: [0.38, 0.55], furniture: 'sofa' },
  villa: { floors: [2, 3], width: [0.45, 0.6], furniture: 'sofa' },
  house: { floors: [2, 2], width: [0.4, 0.5], furniture: 'sofa' },
  'office-tower': { floors: [16, 24], width: [0.24, 0.32], furniture: 'desk' },
  office: { floors: [8, 14], width: [0.3, 0.42], furniture: 'desk' },
  commercial: { floors: [3, 5], width: [0.55, 0.7], furniture: 'counter' },
  hotel: { floors: [7, 12], width: [0.35, 0.48], furniture: 'bed' },
  museum: { floors: [2, 3], width: [0.6, 0.75], furniture: 'gallery' },
  school: { floors: [3, 4], width: [0.55, 0.7], furniture: 'desk' },
  restaurant: { floors: [1, 2], width: [0.45, 0.6], furniture: 'dining' },
  'living-room': { floors: [3, 6], width: [0.4, 0.55], furniture: 'sofa' },
  bedroom: { floors: [3, 6], width: [0.4, 0.55], furniture: 'bed' },
  kitchen: { floors: [2, 3], width: [0.45, 0.6], furniture: 'counter' },
  'dining-room': { floors: [2, 3], width: [0.45, 0.6], furniture: 'dining' },
  lobby: { floors: [6, 10], width: [0.4, 0.55], furniture: 'gallery' },
  'hotel-room': { floors: [7, 12], width: [0.35, 0.48], furniture: 'bed' },
  'meeting-room': { floors: [8, 14], width: [0.3, 0.42], furniture: 'desk' },
};

const FUNCTION_ALIASES: Record<string, string> = {
  apartment: 'residential',
  housing: 'residential',
  tower: 'office',
  workspace: 'office',
  study: 'office',
  retail: 'commercial',
  shop: 'commercial',
  mall: 'commercial',
  gallery: 'museum',
  library: 'museum',
  cafe: 'restaurant',
  bar: 'restaurant',
  living: 'living-room',
  lounge: 'living-room',
  bed: 'bedroom',
  dining: 'dining-room',
  reception: 'lobby',
};

const DEFAULT_STYLE = 'modern';
const DEFAULT_FUNCTION = 'residential';

/** Lower-case kebab form, so "White Plaster" and "white_plaster" find "white-plaster". */
function normaliseSlug(tag: string): string {
  return tag
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
}

function lookup<T>(tag: string, table: Record<string, T>, aliases: Record<string, string>): T | undefined {
  const slug = normaliseSlug(tag);
  const direct = table[slug] ?? table[aliases[slug] ?? ''];
  if (direct) return direct;
  // Compound slugs ("board-formed-concrete", "scandinavian-modern") match their first known word.
  for (const word of slug.split('-')) {
    const hit = table[word] ?? table[aliases[word] ?? ''];
    if (hit) return hit;
  }
  return undefined;
}

export function findStyle(tags: readonly string[]): StyleLook {
  for (const tag of tags) {
    const look = lookup(tag, STYLES, STYLE_ALIASES);
    if (look) return look;
  }
  return STYLES[DEFAULT_STYLE]!;
}

/** Known materials among the tags, in order; the style's own materials when none is known. */
export function findMaterials(tags: readonly string[], style: StyleLook): MaterialLook[] {
  const found = tags.map((tag) => lookup(tag, MATERIALS, MATERIAL_ALIASES)).filter((m) => m !== undefined);
  return found.length > 0 ? found : style.materials.map((name) => MATERIALS[name]!);
}

export function findFunction(tags: readonly string[]): FunctionLook {
  for (const tag of tags) {
    const look = lookup(tag, FUNCTIONS, FUNCTION_ALIASES);
    if (look) return look;
  }
  return FUNCTIONS[DEFAULT_FUNCTION]!;
}
