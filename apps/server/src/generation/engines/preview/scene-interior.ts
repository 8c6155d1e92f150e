import { mix, shade } from './color.ts';
import { materialPattern } from './material-patterns.ts';
import { MATERIALS, type MaterialLook } from './palettes.ts';
import type { Rng } from './prng.ts';
import type { SceneInput } from './scene-architectural.ts';
import { f, linearGradient, poly, rect, svgDocument, type Point } from './svg.ts';

/** Floors read best in hard materials; walls in soft ones. Chosen materials go where they fit. */
const FLOOR_TEXTURES = new Set(['timber', 'concrete', 'marble', 'stone', 'terrazzo']);

/**
 * A room in one-point perspective: back wall, side walls, floor and ceiling meeting at a seeded
 * vanishing point, daylight from a window, and furniture chosen by the function tag.
 */
export function interiorScene({ w, h, rng, style, materials, func }: SceneInput): string {
  const u = Math.min(w, h) / 100;
  const floorLook =
    materials.find((m) => FLOOR_TEXTURES.has(m.texture)) ?? (rng.chance(0.5) ? MATERIALS.timber! : MATERIALS.concrete!);
  const chosenWall = materials.find((m) => m !== floorLook);
  // Glass reads as a glazed back wall, not as tiles on every surface.
  const glazed = chosenWall?.texture === 'glass';
  const wallLook: MaterialLook = chosenWall && !glazed ? chosenWall : MATERIALS.plaster!;
  const vp: Point = [w * rng.range(0.42, 0.58), h * rng.range(0.4, 0.48)];
  const x0 = vp[0] - w * rng.range(0.26, 0.32);
  const x1 = vp[0] + w * rng.range(0.26, 0.32);
  const y0 = vp[1] - h * 0.26;
  const y1 = vp[1] + h * 0.22;

  let defs = materialPattern('floor', floorLook, u * 1.4, rng);
  defs += materialPattern('wall', wallLook, u, rng);
  defs += linearGradient('sky', [
    [0, style.sky[0]],
    [1, style.sky[1]],
  ]);
  defs += linearGradient('beam', [
    [0, '#fff6df', 0.55],
    [1, '#fff6df', 0],
  ]);
  defs += linearGradient('depthShade', [
    [0, '#000000', 0.3],
    [1, '#000000', 0],
  ]);

  let body = rect(0, 0, w, h, mix(wallLook.base, '#ffffff', 0.2));
  const floor: Point[] = [
    [0, h],
    [w, h],
    [x1, y1],
    [x0, y1],
  ];
  const leftWall: Point[] = [
    [0, 0],
    [x0, y0],
    [x0, y1],
    [0, h],
  ];
  const rightWall: Point[] = [
    [w, 0],
    [x1, y0],
    [x1, y1],
    [w, h],
  ];
  body += poly(
    [
      [0, 0],
      [w, 0],
      [x1, y0],
      [x0, y0],
    ],
    shade(mix(wallLook.light, '#ffffff', 0.6), -0.04),
  );
  body += poly(floor, 'url(#floor)');
  body += poly(
    [floor[2]!, floor[3]!, [x0 - w * 0.1, y1 + h * 0.12], [x1 + w * 0.1, y1 + h * 0.12]],
    'url(#depthShade)',
  );
  body += poly(leftWall, 'url(#wall)') + poly(leftWall, '#000000', ' fill-opacity="0.14"');
  body += poly(rightWall, 'url(#wall)') + poly(rightWall, '#000000', ' fill-opacity="0.08"');
  body += rect(x0, y0, x1 - x0, y1 - y0, 'url(#wall)');

  // A tall window on the back wall shows the sky; its light falls toward the viewer on the floor.
  const winW = (x1 - x0) * (glazed ? 0.84 : rng.range(0.28, 0.42));
  const winX = glazed ? x0 + (x1 - x0) * 0.08 : rng.chance(0.5) ? x0 + (x1 - x0) * 0.08 : x1 - (x1 - x0) * 0.08 - winW;
  const winTop = y0 + (y1 - y0) * 0.12;
  body += rect(winX, winTop, winW, y1 - winTop, 'url(#sky)');
  body += rect(winX, y1 - (y1 - winTop) * 0.25, winW, (y1 - winTop) * 0.25, '#7d9a6a', ' fill-opacity="0.6"');
  for (let k = 1; k < 3; k++) body += rect(winX + (winW * k) / 3, winTop, 0.4 * u, y1 - winTop, '#2d3035');
  body += rect(winX, winTop, winW, 0.6 * u, '#2d3035');
  body += poly(
    [
      [winX, y1],
      [winX + winW, y1],
      [winX + winW + (winX + winW - vp[0]) * 1.4, h],
      [winX + (winX - vp[0]) * 1.4, h],
    ],
    'url(#beam)',
  );
  // Skirting line and a ceiling light slot anchor the perspective.
  body += rect(x0, y1 - 0.8 * u, x1 - x0, 0.8 * u, shade(wallLook.base, -0.25));
  body += poly(
    [
      [vp[0] - 2 * u, y0],
      [vp[0] + 2 * u, y0],
      [vp[0] + 6 * u, 0],
      [vp[0] - 6 * u, 0],
    ],
    '#fffbea',
    ' fill-opacity="0.8"',
  );

  const art = !(winX < vp[0]) ? x0 + (x1 - x0) * 0.12 : x1 - (x1 - x0) * 0.34;
  body += rect(art, y0 + (y1 - y0) * 0.25, (x1 - x0) * 0.22, (y1 - y0) * 0.3, shade(style.accent, -0.4));
  body += rect(
    art + u,
    y0 + (y1 - y0) * 0.25 + u,
    (x1 - x0) * 0.22 - 2 * u,
    (y1 - y0) * 0.3 - 2 * u,
    mix(style.accent, style.sky[0], rng.range(0.2, 0.7)),
  );

  body += furniture(func.furniture, { w, h, u, vp, x0, x1, y1, rng, accent: style.accent });
  body += plant(rng.chance(0.5) ? x0 + 3 * u : x1 - 3 * u, y1 + 4 * u, 6 * u);
  return svgDocument(w, h, defs, body);
}

interface Room {
  w: number;
  h: number;
  u: number;
  vp: Point;
  x0: number;
  x1: number;
  y1: number;
  rng: Rng;
  accent: string;
}

/** A block with a front face and a lighter top face receding toward the vanishing point. */
function box(room: Room, x: number, y: number, bw: number, bh: number, depth: number, colour: string): string {
  const top = y - bh;
  const recede = (px: number, py: number): Point => [px + (room.vp[0] - px) * depth, py + (room.vp[1] - py) * depth];
  const a = recede(x, top);
  const b = recede(x + bw, top);
  let out = poly([[x, top], [x + bw, top], b, a], shade(colour, 0.18));
  const sideX = x + bw < room.vp[0] ? x + bw : x;
  const s = recede(sideX, y);
  const st = recede(sideX, top);
  out += poly([[sideX, y], s, st, [sideX, top]], shade(colour, -0.25));
  out += rect(x, top, bw, bh, colour);
  out += rect(x, y - room.u * 0.4, bw, room.u * 0.4, '#000000', ' fill-opacity="0.25"');
  return out;
}

function furniture(kind: string, room: Room): string {
  const { w, h, u, x0, x1, y1, rng, accent } = room;
  const cx = (x0 + x1) / 2 + rng.range(-0.08, 0.08) * w;
  const soft = mix(accent, '#e9e4da', rng.range(0.3, 0.7));
  const wood = '#8a6140';
  const rug = poly(
    [
      [cx - 26 * u, h * 0.93],
      [cx + 26 * u, h * 0.93],
      [cx + 16 * u, y1 + 6 * u],
      [cx - 16 * u, y1 + 6 * u],
    ],
    mix(accent, '#d8d0c2', 0.75),
    ' fill-opacity="0.85"',
  );
  switch (kind) {
    case 'bed':
      return (
        rect(cx - 16 * u, y1 - 18 * u, 32 * u, 18 * u, shade(soft, -0.2)) +
        box(room, cx - 18 * u, h * 0.86, 36 * u, 7 * u, 0.35, '#f2efe8') +
        box(room, cx - 18 * u, h * 0.92, 36 * u, 4 * u, 0.1, soft) +
        box(room, cx - 27 * u, y1 + 8 * u, 7 * u, 6 * u, 0.2, wood) +
        box(room, cx + 20 * u, y1 + 8 * u, 7 * u, 6 * u, 0.2, wood)
      );
    case 'dining':
      return (
        rug +
        pendant(cx, y1 - 14 * u, u, accent) +
        box(room, cx - 20 * u, h * 0.8, 40 * u, 1.6 * u, 0.3, wood) +
        rect(cx - 18 * u, h * 0.8, 1.2 * u, 9 * u, shade(wood, -0.3)) +
        rect(cx + 17 * u, h * 0.8, 1.2 * u, 9 * u, shade(wood, -0.3)) +
        [-14, -5, 4, 13].map((d) => box(room, cx + d * u, h * 0.95, 6 * u, 8 * u, 0.12, soft)).join('')
      );
    case 'desk':
      return [-1, 1]
        .map(
          (side) =>
            box(room, cx + side * 14 * u - 11 * u, h * 0.82, 22 * u, 1.4 * u, 0.25, '#e8e4dc') +
            rect(cx + side * 14 * u - 5 * u, h * 0.82 - 9 * u, 10 * u, 7 * u, '#24272b') +
            box(room, cx + side * 14 * u - 4 * u, h * 0.97, 8 * u, 7 * u, 0.1, accent),
        )
        .join('');
    case 'counter':
      return (
        box(room, x0 + 2 * u, y1, x1 - x0 - 4 * u, 9 * u, 0.12, shade(soft, 0.2)) +
        rect(x0 + 2 * u, y1 - 22 * u, x1 - x0 - 4 * u, 7 * u, shade(soft, 0.1)) +
        box(room, cx - 22 * u, h * 0.9, 44 * u, 12 * u, 0.3, accent) +
        pendant(cx - 10 * u, y1 - 18 * u, u, accent) +
        pendant(cx + 10 * u, y1 - 18 * u, u, accent)
      );
    case 'gallery':
      return [-1, 0, 1]
        .map((i) => box(room, cx + i * 18 * u - 4 * u, h * (0.82 + Math.abs(i) * 0.06), 8 * u, 10 * u, 0.2, '#f4f2ee'))
        .join('');
    default:
      return (
        rug +
        box(room, cx - 22 * u, h * 0.84, 44 * u, 10 * u, 0.28, soft) +
        box(room, cx - 22 * u, h * 0.84 - 10 * u, 44 * u, 7 * u, 0.05, shade(soft, -0.12)) +
        box(room, cx - 10 * u, h * 0.95, 20 * u, 4 * u, 0.3, wood) +
        `<circle cx="${f(cx - 12 * u)}" cy="${f(h * 0.84 - 13 * u)}" r="${f(3 * u)}" fill="${shade(accent, 0.3)}"/>`
      );
  }
}

function pendant(x: number, y: number, u: number, colour: string): string {
  return (
    `<line x1="${f(x)}" y1="0" x2="${f(x)}" y2="${f(y)}" stroke="#222" stroke-width="${f(0.2 * u)}"/>` +
    `<path d="M${f(x - 3 * u)} ${f(y + 3 * u)} Q${f(x)} ${f(y - 2 * u)} ${f(x + 3 * u)} ${f(y + 3 * u)} Z" fill="${colour}"/>` +
    `<ellipse cx="${f(x)}" cy="${f(y + 3.2 * u)}" rx="${f(2.4 * u)}" ry="${f(0.6 * u)}" fill="#fff3c4"/>`
  );
}

function plant(x: number, y: number, s: number): string {
  let out = poly(
    [
      [x - s * 0.35, y - s * 0.6],
      [x + s * 0.35, y - s * 0.6],
      [x + s * 0.25, y],
      [x - s * 0.25, y],
    ],
    '#d9d3c7',
  );
  for (const [dx, dy, r] of [
    [0, -1.3, 0.55],
    [-0.35, -1.0, 0.4],
    [0.4, -1.05, 0.42],
    [0.1, -1.75, 0.38],
  ] as const) {
    out += `<circle cx="${f(x + dx * s)}" cy="${f(y + dy * s)}" r="${f(r * s)}" fill="#4f7a45" fill-opacity="0.92"/>`;
  }
  return out;
}
