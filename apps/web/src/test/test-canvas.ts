import type { MaskDrawingContext } from '../features/design/components/mask-editor/mask-draw.ts';

/**
 * A tiny software rasteriser for tests: one grey byte per pixel, a pixel painted when its centre is inside
 * (nonzero winding for fills, within half the line width of a segment for round strokes). No anti-aliasing,
 * so assertions can name exact pixels. It also records every call, to check the order of operations.
 */
export class TestCanvas implements MaskDrawingContext {
  readonly pixels: Uint8Array;
  readonly ops: string[] = [];
  fillStyle: string | CanvasGradient | CanvasPattern = '#000000';
  strokeStyle: string | CanvasGradient | CanvasPattern = '#000000';
  lineWidth = 1;
  lineCap: CanvasLineCap = 'butt';
  lineJoin: CanvasLineJoin = 'miter';
  private paths: { x: number; y: number }[][] = [];

  readonly width: number;
  readonly height: number;

  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
    this.pixels = new Uint8Array(width * height);
  }

  at(x: number, y: number) {
    return this.pixels[y * this.width + x]!;
  }

  /** How many pixels are white. */
  count(value = 255) {
    return this.pixels.reduce((n, v) => n + (v === value ? 1 : 0), 0);
  }

  beginPath() {
    this.ops.push('beginPath');
    this.paths = [];
  }
  moveTo(x: number, y: number) {
    this.ops.push(`moveTo ${x},${y}`);
    this.paths.push([{ x, y }]);
  }
  lineTo(x: number, y: number) {
    this.ops.push(`lineTo ${x},${y}`);
    if (this.paths.length === 0) this.paths.push([]);
    this.paths[this.paths.length - 1]!.push({ x, y });
  }
  arc(x: number, y: number, r: number, start: number, end: number) {
    this.ops.push(`arc ${x},${y},${r}`);
    const steps = 64;
    const points = Array.from({ length: steps + 1 }, (_, i) => {
      const a = start + ((end - start) * i) / steps;
      return { x: x + r * Math.cos(a), y: y + r * Math.sin(a) };
    });
    if (this.paths.length === 0) this.paths.push([]);
    this.paths[this.paths.length - 1]!.push(...points);
  }
  closePath() {
    this.ops.push('closePath');
  }
  fill() {
    this.ops.push(`fill ${String(this.fillStyle)}`);
    this.paint(this.fillStyle, (px, py) => this.winding(px, py) !== 0);
  }
  stroke() {
    this.ops.push(`stroke ${String(this.strokeStyle)} ${this.lineWidth}`);
    const r = this.lineWidth / 2;
    this.paint(this.strokeStyle, (px, py) =>
      this.paths.some((path) =>
        path.some((a, i) => {
          const b = path[i + 1] ?? a;
          return distanceToSegment(px, py, a, b) <= r;
        }),
      ),
    );
  }
  fillRect(x: number, y: number, w: number, h: number) {
    this.ops.push(`fillRect ${x},${y},${w},${h} ${String(this.fillStyle)}`);
    this.paint(this.fillStyle, (px, py) => px >= x && px < x + w && py >= y && py < y + h);
  }

  private paint(style: unknown, inside: (px: number, py: number) => boolean) {
    const grey = parseInt(String(style).slice(1, 3), 16);
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) if (inside(x + 0.5, y + 0.5)) this.pixels[y * this.width + x] = grey;
    }
  }

  private winding(px: number, py: number) {
    let w = 0;
    for (const path of this.paths) {
      for (let i = 0; i < path.length; i++) {
        const a = path[i]!;
        const b = path[(i + 1) % path.length]!;
        if (a.y <= py && b.y > py && cross(a, b, px, py) > 0) w++;
        else if (a.y > py && b.y <= py && cross(a, b, px, py) < 0) w--;
      }
    }
    return w;
  }
}

type P = { x: number; y: number };
const cross = (a: P, b: P, px: number, py: number) => (b.x - a.x) * (py - a.y) - (px - a.x) * (b.y - a.y);

function distanceToSegment(px: number, py: number, a: P, b: P) {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - a.x) * dx + (py - a.y) * dy) / len2));
  return Math.hypot(px - (a.x + t * dx), py - (a.y + t * dy));
}
