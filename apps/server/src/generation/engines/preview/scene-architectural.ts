import { mix, shade } from './color.ts';
import { materialPattern } from './material-patterns.ts';
import { MATERIALS, type FunctionLook, type MaterialLook, type StyleLook } from './palettes.ts';
import type { Rng } from './prng.ts';
import { f, linearGradient, poly, rect, svgDocument, type Point } from './svg.ts';

export interface SceneInput {
  w: number;
  h: number;
  rng: Rng;
  style: StyleLook;
  materials: MaterialLook[];
  func: FunctionLook;
}

interface Volume {
  x: number;
  base: number;
  w: number;
  h: number;
  floors: number;
  /** Oblique depth of the side face (negative: the side shows on the left). */
  dx: number;
  dy: number;
  fill: string;
}

/**
 * An exterior: sky, distant skyline, ground and one or two building volumes in oblique
 * projection. The facade rhythm comes from the style, storeys and width from the function and the
 * cladding from the materials, so each tag visibly changes something an architect recognises.
 */
export function architecturalScene({ w, h, rng, style, materials, func }: SceneInput): string {
  const u = Math.min(w, h) / 100;
  const horizon = h * rng.range(0.6, 0.7);
  const primary = materials[0]!;
  const secondary = materials[1] ?? materials[0]!;
  const sun: Point = [w * rng.range(0.1, 0.9), h * rng.range(0.08, 0.3)];

  let defs = linearGradient('sky', [
    [0, style.sky[0]],
    [1, style.sky[1]],
  ]);
  defs += linearGradient('ground', [
    [0, mix(style.ground, style.sky[1], 0.35)],
    [1, shade(style.ground, -0.2)],
  ]);
  defs += `<radialGradient id="sun"><stop offset="0" stop-color="#fffbe8" stop-opacity="0.9"/><stop offset="1" stop-color="#fffbe8" stop-opacity="0"/></radialGradient>`;
  defs += linearGradient('shadow', [
    [0, '#000000', 0.32],
    [1, '#000000', 0],
  ]);
  defs += materialPattern('m0', primary, u, rng);
  defs += materialPattern('m1', secondary, u, rng);
  defs += materialPattern('glass', MATERIALS.glass!, u, rng);

  let body = rect(0, 0, w, h, 'url(#sky)');
  body += `<circle cx="${f(sun[0])}" cy="${f(sun[1])}" r="${f(28 * u)}" fill="url(#sun)"/>`;
  for (let i = rng.int(2, 5); i > 0; i--) {
    const cx = rng.range(0, w);
    const cy = rng.range(0.05, 0.35) * h;
    for (let k = 0; k < 3; k++) {
      body += `<ellipse cx="${f(cx + (k - 1) * 6 * u)}" cy="${f(cy + rng.range(-1, 1) * u)}" rx="${f(rng.range(6, 11) * u)}" ry="${f(rng.range(1.5, 3) * u)}" fill="#ffffff" fill-opacity="0.35"/>`;
    }
  }
  // Distant skyline in aerial perspective: paler and bluer than the foreground.
  const haze = mix(style.sky[1], style.ground, 0.3);
  for (let x = -rng.range(0, 8) * u; x < w; x += rng.range(5, 12) * u) {
    const bh = rng.range(4, 18) * u;
    body += rect(x, horizon - bh, rng.range(4, 10) * u, bh + 1, haze, ' fill-opacity="0.55"');
  }
  body += rect(0, horizon, w, h - horizon, 'url(#ground)');

  const volumes = massing(w, h, u, horizon, rng, func, style);
  const [main, annex] = volumes;
  // Cast shadows fall away from the sun.
  for (const v of volumes) {
    const dir = sun[0] < v.x + v.w / 2 ? 1 : -1;
    const x0 = dir > 0 ? v.x : v.x + v.w;
    const len = v.w * 0.6 * dir;
    body += poly(
      [
        [x0, v.base],
        [x0 + v.w * dir, v.base],
        [x0 + v.w * dir + len, v.base + 6 * u],
        [x0 + len, v.base + 6 * u],
      ],
      '#000000',
      ' fill-opacity="0.16"',
    );
  }
  if (annex) body += volumeSvg(annex, u, rng, style, 'a', secondary);
  body += volumeSvg(main!, u, rng, style, 'b', primary);
  body += foreground(w, h, u, horizon, rng);
  return svgDocument(w, h, defs, body);
}

function massing(
  w: number,
  h: number,
  u: number,
  horizon: number,
  rng: Rng,
  func: FunctionLook,
  style: StyleLook,
): Volume[] {
  const base = horizon + h * rng.range(0.07, 0.12);
  const floors = rng.int(func.floors[0], func.floors[1]);
  const floorH = Math.min(7 * u, (base - h * 0.1) / (floors + (style.pitched ? 1.5 : 0.5)));
  const bw = w * rng.range(func.width[0], func.width[1]);
  const cx = w * rng.range(0.38, 0.62);
  const side = rng.chance(0.5) ? 1 : -1;
  const main: Volume = {
    x: cx - bw / 2,
    base,
    w: bw,
    h: floors * floorH,
    floors,
    dx: side * bw * 0.18,
    dy: -bw * 0.08,
    fill: 'url(#m0)',
  };
  if (!rng.chance(0.75)) return [main];
  const annexFloors = Math.max(1, Math.round(floors * rng.range(0.3, 0.6)));
  const aw = bw * rng.range(0.5, 0.9);
  const annex: Volume = {
    x: side > 0 ? main.x - aw * 0.8 : main.x + bw - aw * 0.2,
    base: base - 2 * u,
    w: aw,
    h: annexFloors * floorH,
    floors: annexFloors,
    dx: main.dx * 0.8,
    dy: main.dy * 0.8,
    fill: 'url(#m1)',
  };
  return [annex, main];
}

function volumeSvg(v: Volume, u: number, rng: Rng, style: StyleLook, id: string, look: MaterialLook): string {
  const top = v.base - v.h;
  const right = v.dx > 0 ? v.x + v.w : v.x;
  const front: Point[] = style.curved
    ? [] // drawn as a path below
    : [
        [v.x, v.base],
        [v.x + v.w, v.base],
        [v.x + v.w, top],
        [v.x, top],
      ];
  const sideFace: Point[] = [
    [right, v.base],
    [right + v.dx, v.base + v.dy],
    [right + v.dx, top + v.dy],
    [right, top],
  ];
  let out = poly(sideFace, v.fill) + poly(sideFace, '#000000', ' fill-opacity="0.28"');
  let shape: string;
  if (style.curved) {
    // Parametric massing: the front bulges and the crown sweeps, windows follow through the clip.
    const b = v.w * 0.12;
    shape = `<path d="M${f(v.x)} ${f(v.base)} L${f(v.x + v.w)} ${f(v.base)} C${f(v.x + v.w + b)} ${f(v.base - v.h * 0.4)} ${f(v.x + v.w - b)} ${f(top + v.h * 0.2)} ${f(v.x + v.w * 0.8)} ${f(top)} Q${f(v.x + v.w * 0.4)} ${f(top - v.h * 0.12)} ${f(v.x + v.w * 0.05)} ${f(top + v.h * 0.05)} C${f(v.x - b)} ${f(top + v.h * 0.4)} ${f(v.x + b * 0.5)} ${f(v.base - v.h * 0.3)} ${f(v.x)} ${f(v.base)} Z"`;
  } else {
    shape = `<polygon points="${front.map(([x, y]) => `${f(x)},${f(y)}`).join(' ')}"`;
    const roofLight = shade(look.base, 0.25);
    if (style.pitched) {
      const ridge = top - v.w * 0.22;
      out += poly(
        [
          [v.x - u, top],
          [v.x + v.w / 2, ridge],
          [v.x + v.w / 2 + v.dx, ridge + v.dy],
          [right + v.dx + (v.dx > 0 ? u : -u), top + v.dy],
          [v.x + v.w + u, top],
        ],
        shade(style.accent, -0.2),
      );
      out += poly(
        [
          [v.x, top],
          [v.x + v.w / 2, ridge + u],
          [v.x + v.w, top],
        ],
        v.fill,
      );
    } else {
      out += poly(
        [
          [v.x, top],
          [v.x + v.w, top],
          [v.x + v.w + v.dx, top + v.dy],
          [v.x + v.dx, top + v.dy],
        ],
        roofLight,
      );
    }
  }
  out += `<clipPath id="clip${id}">${shape}/></clipPath>`;
  out += `${shape} fill="${v.fill}"/>`;
  out += `<g clip-path="url(#clip${id})">${facade(v, u, rng, style)}</g>`;
  // Entrance: a dark glazed opening centred on the ground floor.
  const floorH = v.h / v.floors;
  out += rect(v.x + v.w * 0.42, v.base - floorH * 0.8, v.w * 0.16, floorH * 0.8, '#1f2a33', ' fill-opacity="0.85"');
  return out;
}

/** Windows in the style's rhythm, one row per storey. */
function facade(v: Volume, u: number, rng: Rng, style: StyleLook): string {
  const floorH = v.h / v.floors;
  const top = v.base - v.h;
  const lit = '#ffd68a';
  let out = '';
  if (style.windows === 'curtain') {
    out += rect(v.x - v.w, top - v.h, v.w * 3, v.h * 2, 'url(#glass)');
  }
  const bay = style.windows === 'punched' ? 7 * u : style.windows === 'arched' ? 5.5 * u : 4.5 * u;
  const bays = Math.max(2, Math.round(v.w / bay));
  const bw = v.w / bays;
  for (let fl = 0; fl < v.floors; fl++) {
    const y = top + fl * floorH;
    switch (style.windows) {
      case 'curtain':
        out += rect(v.x - v.w, y + floorH - 0.5 * u, v.w * 3, 0.5 * u, shade(style.accent, 0.3), ' fill-opacity="0.9"');
        break;
      case 'ribbon':
        out += rect(v.x, y + floorH * 0.25, v.w, floorH * 0.5, 'url(#glass)');
        for (let b = 1; b < bays; b++) out += rect(v.x + b * bw, y + floorH * 0.25, 0.2 * u, floorH * 0.5, '#2b3238');
        break;
      case 'louvres':
        out += rect(v.x, y + floorH * 0.18, v.w, floorH * 0.64, 'url(#glass)');
        for (let x = v.x; x < v.x + v.w; x += 1.1 * u) {
          out += rect(x, y + floorH * 0.12, 0.45 * u, floorH * 0.76, shade(style.accent, 0.15), ' fill-opacity="0.9"');
        }
        break;
      default:
        for (let b = 0; b < bays; b++) {
          const ww = bw * (style.windows === 'punched' ? 0.38 : 0.6);
          const wh = floorH * (style.windows === 'arched' ? 0.68 : 0.55);
          const x = v.x + b * bw + (bw - ww) / 2;
          const wy = y + floorH * 0.2;
          const glass = rng.chance(0.12) ? lit : 'url(#glass)';
          if (style.windows === 'arched') {
            const r = ww / 2;
            out += `<path d="M${f(x)} ${f(wy + wh)} V${f(wy + r)} A${f(r)} ${f(r)} 0 0 1 ${f(x + ww)} ${f(wy + r)} V${f(wy + wh)} Z" fill="${glass}"/>`;
          } else {
            // Deep reveals on punched windows: a shadow strip on top and one side.
            out += rect(x, wy, ww, wh, glass);
            out += rect(x, wy, ww, wh * 0.12, '#000000', ' fill-opacity="0.35"');
            out += rect(x, wy, ww * 0.08, wh, '#000000', ' fill-opacity="0.25"');
          }
        }
    }
  }
  return out;
}

function foreground(w: number, h: number, u: number, horizon: number, rng: Rng): string {
  let out = '';
  // Paving joints converging to the horizon give the ground depth.
  const vx = w * rng.range(0.4, 0.6);
  for (let i = -6; i <= 6; i++) {
    out += `<line x1="${f(vx + i * 3 * u)}" y1="${f(horizon + 10 * u)}" x2="${f(vx + i * 22 * u)}" y2="${f(h)}" stroke="#000000" stroke-width="${f(0.15 * u)}" stroke-opacity="0.12"/>`;
  }
  const greens = ['#4f6b3a', '#5f7d45', '#3f5a34', '#6d8a4e'];
  for (let i = rng.int(2, 5); i > 0; i--) {
    const x = rng.range(0, w);
    const y = rng.range(horizon + 12 * u, h - 2 * u);
    const s = (y / h) * rng.range(5, 9) * u;
    out += rect(x - s * 0.06, y - s * 1.2, s * 0.12, s * 1.2, '#4a3a2a');
    for (let k = 0; k < 4; k++) {
      out += `<circle cx="${f(x + rng.range(-0.5, 0.5) * s)}" cy="${f(y - s * 1.4 + rng.range(-0.4, 0.4) * s)}" r="${f(s * rng.range(0.45, 0.7))}" fill="${rng.pick(greens)}" fill-opacity="0.92"/>`;
    }
  }
  for (let i = rng.int(0, 4); i > 0; i--) {
    const x = rng.range(0.1, 0.9) * w;
    const y = rng.range(horizon + 10 * u, h - 3 * u);
    const s = (y / h) * 3.2 * u;
    out += `<circle cx="${f(x)}" cy="${f(y - s * 1.7)}" r="${f(s * 0.22)}" fill="#2d2f33"/>`;
    out += rect(x - s * 0.25, y - s * 1.45, s * 0.5, s * 1.45, '#2d2f33', ` rx="${f(s * 0.15)}"`);
  }
  return out;
}
