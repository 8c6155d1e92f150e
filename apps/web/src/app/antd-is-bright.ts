/**
 * Whether a colour is light enough to need dark text on it, as Ant Design's button and tag styles ask
 * ("solid" buttons and tags). The build gives those styles this module in place of the colour
 * picker's presets panel, which answers the same question but imports Collapse with it (see
 * vite.config.ts).
 */
interface RgbaColor {
  toRgb(): { r: number; g: number; b: number; a: number };
}

function parseHex(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h.slice(0, 6);
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function isBright(color: RgbaColor, background: string): boolean {
  const { r, g, b, a } = color.toRgb();
  if (a <= 0.5) {
    // Mostly see-through: judged by the brightness it shows over the background (HSV value).
    const under = parseHex(background);
    const shown = [r, g, b].map((c, i) => c * a + under[i]! * (1 - a));
    return Math.max(...shown) / 255 > 0.5;
  }
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
}
