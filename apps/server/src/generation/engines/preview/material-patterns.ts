import { mix, shade } from './color.ts';
import type { MaterialLook } from './palettes.ts';
import type { Rng } from './prng.ts';
import { f, rect } from './svg.ts';

/**
 * SVG pattern tiles that read as a material at a glance (board-form lines on concrete, slats on
 * timber, running bond on brick...). Tiles are drawn in user space so a texture keeps its scale
 * across surfaces; `u` is one hundredth of the picture's shorter side.
 */
export function materialPattern(id: string, look: MaterialLook, u: number, rng: Rng): string {
  const body = TILE[look.texture](look, u, rng);
  return `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${f(body.w)}" height="${f(body.h)}">${body.svg}</pattern>`;
}

type Tile = { w: number; h: number; svg: string };

const TILE: Record<MaterialLook['texture'], (look: MaterialLook, u: number, rng: Rng) => Tile> = {
  concrete(look, u, rng) {
    // Board-formed concrete: horizontal board marks, each board a slightly different pour tone, tie holes.
    const w = 24 * u;
    const board = 1.5 * u;
    const rows = 6;
    let svg = rect(0, 0, w, board * rows, look.base);
    for (let i = 0; i < rows; i++) {
      svg += rect(0, i * board, w, board, mix(look.base, rng.chance(0.5) ? look.light : look.dark, rng.range(0, 0.3)));
      svg += rect(0, i * board, w, Math.max(0.6, 0.08 * u), look.dark, ' fill-opacity="0.55"');
    }
    for (let x = 3 * u; x < w; x += 6 * u) {
      for (let y = 1.5 * board; y < board * rows; y += 3 * board) {
        svg += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(0.22 * u)}" fill="${look.dark}" fill-opacity="0.7"/>`;
      }
    }
    for (let i = 0; i < 40; i++) {
      svg += `<circle cx="${f(rng.range(0, w))}" cy="${f(rng.range(0, board * rows))}" r="${f(rng.range(0.05, 0.15) * u)}" fill="${look.dark}" fill-opacity="0.35"/>`;
    }
    return { w, h: board * rows, svg };
  },
  timber(look, u, rng) {
    // Vertical slats with tone variation and a dark shadow gap; grain as faint wavy lines.
    const slat = 1.2 * u;
    const count = 8;
    const h = 30 * u;
    let svg = '';
    for (let i = 0; i < count; i++) {
      const tone = mix(look.base, rng.chance(0.5) ? look.light : look.dark, rng.range(0, 0.45));
      svg += rect(i * slat, 0, slat, h, tone);
      for (let g = 0; g < 2; g++) {
        const x = i * slat + rng.range(0.2, 0.8) * slat;
        const wob = rng.range(-0.15, 0.15) * slat;
        svg += `<path d="M${f(x)} 0 Q${f(x + wob)} ${f(h / 2)} ${f(x)} ${f(h)}" stroke="${look.dark}" stroke-width="${f(0.06 * u)}" fill="none" stroke-opacity="0.35"/>`;
      }
      svg += rect(i * slat + slat - 0.12 * u, 0, 0.12 * u, h, shade(look.dark, -0.35), ' fill-opacity="0.8"');
    }
    return { w: slat * count, h, svg };
  },
  glass(look, u, rng) {
    // Curtain-wall panels: sky reflection gradient, a diagonal glare band and mullions.
    const w = 8 * u;
    const h = 10 * u;
    const gid = `g${Math.floor(rng.next() * 1e9)}`;
    let svg = `<linearGradient id="${gid}" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${look.light}"/><stop offset="0.55" stop-color="${look.base}"/><stop offset="1" stop-color="${look.dark}"/></linearGradient>`;
    svg += rect(0, 0, w, h, `url(#${gid})`);
    const x0 = rng.range(0, w * 0.6);
    svg += `<polygon points="${f(x0)},0 ${f(x0 + 1.6 * u)},0 ${f(x0 - 2 * u)},${f(h)} ${f(x0 - 3.6 * u)},${f(h)}" fill="#ffffff" fill-opacity="0.22"/>`;
    svg += rect(0, 0, w, 0.25 * u, shade(look.dark, -0.4));
    svg += rect(0, 0, 0.25 * u, h, shade(look.dark, -0.4));
    svg += rect(0, h / 2, w, 0.12 * u, shade(look.dark, -0.3), ' fill-opacity="0.7"');
    return { w, h, svg };
  },
  brick(look, u, rng) {
    // Running bond: every other course shifted by half a brick, bricks varied in tone.
    const bw = 2.2 * u;
    const bh = 0.7 * u;
    const mortar = 0.14 * u;
    const cols = 6;
    const rows = 6;
    let svg = rect(0, 0, bw * cols, bh * rows, '#cfc6b8');
    for (let r = 0; r < rows; r++) {
      const offset = r % 2 === 0 ? 0 : -bw / 2;
      for (let c = 0; c <= cols; c++) {
        const tone = mix(look.base, rng.chance(0.5) ? look.light : look.dark, rng.range(0, 0.6));
        svg += rect(offset + c * bw + mortar / 2, r * bh + mortar / 2, bw - mortar, bh - mortar, tone);
      }
    }
    return { w: bw * cols, h: bh * rows, svg };
  },
  marble(look, u, rng) {
    // Large tile so veins rarely look repeated; veins are soft Bézier strokes in two weights.
    const s = 40 * u;
    let svg = rect(0, 0, s, s, look.base);
    for (let i = 0; i < 7; i++) {
      const y0 = rng.range(0, s);
      const y1 = rng.range(0, s);
      const d = `M0 ${f(y0)} C${f(s * 0.3)} ${f(rng.range(0, s))} ${f(s * 0.6)} ${f(rng.range(0, s))} ${f(s)} ${f(y1)}`;
      const heavy = i < 2;
      svg += `<path d="${d}" stroke="${heavy ? look.dark : mix(look.dark, look.base, 0.4)}" stroke-width="${f((heavy ? 0.35 : 0.12) * u)}" fill="none" stroke-opacity="${heavy ? 0.55 : 0.4}"/>`;
    }
    return { w: s, h: s, svg };
  },
  plaster(look, u, rng) {
    // Almost flat: only soft trowel clouds, so plaster reads as calm and white.
    const s = 30 * u;
    let svg = rect(0, 0, s, s, look.base);
    for (let i = 0; i < 10; i++) {
      const fill = rng.chance(0.5) ? look.light : look.dark;
      svg += `<ellipse cx="${f(rng.range(0, s))}" cy="${f(rng.range(0, s))}" rx="${f(rng.range(3, 8) * u)}" ry="${f(rng.range(1, 4) * u)}" fill="${fill}" fill-opacity="0.12"/>`;
    }
    return { w: s, h: s, svg };
  },
  metal(look, u) {
    // Standing-seam cladding: a lit edge and a shadow edge per seam.
    const w = 2.4 * u;
    const h = 10 * u;
    const svg =
      rect(0, 0, w, h, look.base) +
      rect(0, 0, 0.18 * u, h, look.light) +
      rect(0.18 * u, 0, 0.12 * u, h, look.dark, ' fill-opacity="0.8"');
    return { w, h, svg };
  },
  stone(look, u, rng) {
    // Coursed ashlar: courses of equal height, blocks of varied length and tone.
    const w = 20 * u;
    const ch = 2.2 * u;
    const rows = 4;
    let svg = rect(0, 0, w, ch * rows, look.dark);
    for (let r = 0; r < rows; r++) {
      let x = r % 2 === 0 ? 0 : -2 * u;
      while (x < w) {
        const bw = rng.range(3, 6) * u;
        const tone = mix(look.base, rng.chance(0.5) ? look.light : look.dark, rng.range(0, 0.35));
        svg += rect(x + 0.1 * u, r * ch + 0.1 * u, Math.min(bw, w - x) - 0.2 * u, ch - 0.2 * u, tone);
        x += bw;
      }
    }
    return { w, h: ch * rows, svg };
  },
  terrazzo(look, u, rng) {
    const s = 16 * u;
    let svg = rect(0, 0, s, s, look.base);
    const chips = [look.dark, look.light, '#b9866a', '#7d8f86'];
    for (let i = 0; i < 60; i++) {
      const r = rng.range(0.12, 0.5) * u;
      svg += `<circle cx="${f(rng.range(0, s))}" cy="${f(rng.range(0, s))}" r="${f(r)}" fill="${rng.pick(chips)}" fill-opacity="0.8"/>`;
    }
    return { w: s, h: s, svg };
  },
};
