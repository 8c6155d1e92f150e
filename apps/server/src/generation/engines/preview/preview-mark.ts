import type { OverlayOptions } from 'sharp';
import { f } from './svg.ts';

/**
 * The visible "PREVIEW" label every preview image carries, so nobody mistakes a CPU sketch for an
 * AI render. The letters are drawn as strokes rather than text: servers often have no fonts, and
 * a font-free mark renders the same bytes on every machine.
 */
const GLYPHS: Record<string, string> = {
  P: 'M0 6V0H3L4 1V2L3 3H0',
  R: 'M0 6V0H3L4 1V2L3 3H0M2 3L4 6',
  E: 'M4 0H0V6H4M0 3H3',
  V: 'M0 0L2 6L4 0',
  I: 'M2 0V6M1 0H3M1 6H3',
  W: 'M0 0L1 6L2 2L3 6L4 0',
};
const WORD = 'PREVIEW';
const ADVANCE = 5.6;

/** The badge as an overlay for sharp's composite: bottom-right, or centred on `centre` when given. */
export function previewMarkOverlay(imageWidth: number, imageHeight: number, centre?: [number, number]): OverlayOptions {
  const h = Math.max(14, Math.min(64, Math.round(Math.min(imageWidth, imageHeight) * 0.045)));
  const scale = (h * 0.46) / 6;
  const pad = h * 0.45;
  const w = Math.round(pad * 2 + (WORD.length * ADVANCE - 1.6) * scale);
  const badgeW = Math.min(w, imageWidth);
  const badgeH = Math.min(h, imageHeight);
  const margin = Math.round(h * 0.4);
  const left = clamp(
    centre ? Math.round(centre[0] - badgeW / 2) : imageWidth - badgeW - margin,
    0,
    imageWidth - badgeW,
  );
  const top = clamp(
    centre ? Math.round(centre[1] - badgeH / 2) : imageHeight - badgeH - margin,
    0,
    imageHeight - badgeH,
  );
  const letters = [...WORD]
    .map((c, i) => `<path transform="translate(${f(i * ADVANCE)} 0)" d="${GLYPHS[c]}"/>`)
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${badgeW}" height="${badgeH}">` +
    `<rect width="${w}" height="${h}" rx="${f(h * 0.2)}" fill="#111417" fill-opacity="0.62"/>` +
    `<g transform="translate(${f(pad)} ${f((h - 6 * scale) / 2)}) scale(${f(scale)})" fill="none" stroke="#ffffff" stroke-width="${f(Math.max(0.9, 1.6 / scale))}" stroke-linecap="round" stroke-linejoin="round">${letters}</g></svg>`;
  return { input: Buffer.from(svg), left, top };
}

function clamp(v: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, v));
}
