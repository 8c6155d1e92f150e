/**
 * How an image is cut for the network: tiles of at most `tile` pixels a side, each read with
 * `pad` pixels of its neighbours around it (less at the image's edges) so the network sees what
 * lies across every seam; only the tile's own part of the output is kept, so the seams do not show.
 */
export interface Tile {
  /** The tile's own part of the input (what its output covers). */
  x: number;
  y: number;
  width: number;
  height: number;
  /** The part read from the input: the tile and its context. */
  inX: number;
  inY: number;
  inWidth: number;
  inHeight: number;
}

export function planTiles(width: number, height: number, tile: number, pad: number): Tile[] {
  if (width < 1 || height < 1 || tile < 1 || pad < 0) throw new RangeError('planTiles: bad size');
  const tiles: Tile[] = [];
  for (let y = 0; y < height; y += tile) {
    for (let x = 0; x < width; x += tile) {
      const w = Math.min(tile, width - x);
      const h = Math.min(tile, height - y);
      const inX = Math.max(0, x - pad);
      const inY = Math.max(0, y - pad);
      tiles.push({
        x,
        y,
        width: w,
        height: h,
        inX,
        inY,
        inWidth: Math.min(width, x + w + pad) - inX,
        inHeight: Math.min(height, y + h + pad) - inY,
      });
    }
  }
  return tiles;
}
