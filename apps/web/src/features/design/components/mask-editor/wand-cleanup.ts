import type { Selection } from './magic-wand.ts';

/**
 * Fills the holes of a selection no larger than `maxArea` pixels: specks of texture, a nail, a noisy
 * pixel inside a wall. A hole is a 4-connected area of unselected pixels that does not reach the edge
 * of the selection's box (whatever reaches it is connected to the outside). Changes `selection` in place.
 */
export function fillSmallHoles(selection: Selection, maxArea: number) {
  const { mask, width, box } = selection;
  const boxW = box.x1 - box.x0;
  const boxH = box.y1 - box.y0;
  if (boxW < 3 || boxH < 3 || maxArea <= 0) return;
  const seen = new Uint8Array(boxW * boxH);
  const queue = new Int32Array(boxW * boxH);
  const members: number[] = [];
  for (let start = 0; start < seen.length; start += 1) {
    const sx = start % boxW;
    const sy = (start - sx) / boxW;
    if (seen[start] || mask[(box.y0 + sy) * width + box.x0 + sx]) continue;
    seen[start] = 1;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    let open = false;
    members.length = 0;
    while (head < tail) {
      const cell = queue[head++]!;
      const cx = cell % boxW;
      const cy = (cell - cx) / boxW;
      if (cx === 0 || cy === 0 || cx === boxW - 1 || cy === boxH - 1) open = true;
      // Past the limit the area is not a small hole: it is still walked, to mark it seen, but not kept.
      if (!open && members.length <= maxArea) members.push(cell);
      const visit = (n: number, nx: number, ny: number) => {
        if (seen[n] || mask[(box.y0 + ny) * width + box.x0 + nx]) return;
        seen[n] = 1;
        queue[tail++] = n;
      };
      if (cx > 0) visit(cell - 1, cx - 1, cy);
      if (cx < boxW - 1) visit(cell + 1, cx + 1, cy);
      if (cy > 0) visit(cell - boxW, cx, cy - 1);
      if (cy < boxH - 1) visit(cell + boxW, cx, cy + 1);
    }
    if (open || tail > maxArea) continue;
    for (const cell of members) {
      const cx = cell % boxW;
      mask[(box.y0 + (cell - cx) / boxW) * width + box.x0 + cx] = 1;
    }
    selection.count += tail;
  }
}

/**
 * Grows a selection by `radius` pixels (each step adds the four edge neighbours), so its border covers
 * the soft, anti-aliased pixels between the area and what surrounds it. Returns a new selection.
 */
export function dilate(selection: Selection, radius = 1): Selection {
  let current = selection;
  for (let step = 0; step < radius; step += 1) current = dilateOnce(current);
  return current;
}

function dilateOnce(selection: Selection): Selection {
  const { mask, width, height, box } = selection;
  const grown = {
    x0: Math.max(0, box.x0 - 1),
    y0: Math.max(0, box.y0 - 1),
    x1: Math.min(width, box.x1 + 1),
    y1: Math.min(height, box.y1 + 1),
  };
  const out = mask.slice();
  let count = 0;
  for (let y = grown.y0; y < grown.y1; y += 1) {
    const row = y * width;
    for (let x = grown.x0; x < grown.x1; x += 1) {
      const i = row + x;
      const on =
        mask[i] === 1 ||
        (x > 0 && mask[i - 1] === 1) ||
        (x < width - 1 && mask[i + 1] === 1) ||
        (y > 0 && mask[i - width] === 1) ||
        (y < height - 1 && mask[i + width] === 1);
      out[i] = on ? 1 : 0;
      if (on) count += 1;
    }
  }
  return { width, height, mask: out, box: grown, count };
}
