/** The text block under each card's image: a fixed height, so a card's size is known before it loads. */
const CARD_META_HEIGHT = 60;

/** Columns by the grid's width: two on a phone, up to five on a wide screen. */
export function laneCount(width: number): number {
  if (width >= 1280) return 5;
  if (width >= 960) return 4;
  if (width >= 640) return 3;
  return 2;
}

export const laneGap = (width: number) => (width < 640 ? 10 : 16);

/** Very tall or wide images are cropped to this range, so one card never fills a whole screen. */
export const clampRatio = (width: number, height: number) =>
  Math.min(1.6, Math.max(0.5, height > 0 && width > 0 ? height / width : 1));

export const cardHeight = (columnWidth: number, w: number, h: number) =>
  Math.round(columnWidth * clampRatio(w, h)) + CARD_META_HEIGHT;
