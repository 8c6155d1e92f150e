/**
 * How an image is cut for the network: tiles of at most `tile` pixels a side. Each is read with
 * `pad` pixels around it from the image extended by mirroring its edges, so the network sees what
 * lies across every seam (and a plausible continuation at the image's own border, where zeros would
 * leave stripes); only the tile's own part of the output is kept, so the seams do not show.
 */
export interface Tile {
  /** The tile's own part of the input (what its output covers). */
  x: number;
  y: number;
  width: number;
  height: number;
}

export function planTiles(width: number, height: number, tile: number): Tile[] {
  if (width < 1 || height < 1 || tile < 1) throw new RangeError('planTiles: bad size');
  const tiles: Tile[] = [];
  for (let y = 0; y < height; y += tile) {
    for (let x = 0; x < width; x += tile) {
      tiles.push({ x, y, width: Math.min(tile, width - x), height: Math.min(tile, height - y) });
    }
  }
  return tiles;
}
