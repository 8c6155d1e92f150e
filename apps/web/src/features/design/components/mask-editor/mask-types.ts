/** A point in image pixels (x to the right, y down), or in screen pixels where a name says so. */
export interface Point {
  x: number;
  y: number;
}

/** 'add' paints the region the model may change; 'subtract' takes area back out of it. */
export type MaskMode = 'add' | 'subtract';

/**
 * One vector edit of the mask, in the base image's pixel coordinates so zoom and pan never change it.
 * Point lists are flat [x0, y0, x1, y1, …] because that is what Konva draws without copying.
 */
export type MaskShape =
  /** A brush or eraser stroke: a round-capped polyline `size` pixels wide; one point is a dot. */
  | { type: 'stroke'; mode: MaskMode; points: number[]; size: number }
  | { type: 'rect'; mode: MaskMode; x: number; y: number; w: number; h: number }
  | { type: 'polygon'; mode: MaskMode; points: number[] }
  | RasterShape;

/**
 * An area picked pixel by pixel (the magic wand): non-overlapping rectangles on whole image pixels, four
 * numbers each [x0, y0, x1, y1, …] (x1 and y1 exclusive), with their bounding box. Whole pixels leave no
 * anti-aliased seams between neighbouring rectangles, so the rasterised mask is exactly the area shown.
 */
export interface RasterShape {
  type: 'raster';
  mode: MaskMode;
  rects: Int32Array;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** 'wand' picks an area of similar colour, 'lineArt' the area enclosed by the image's lines. */
export type MaskTool = 'brush' | 'eraser' | 'rect' | 'polygon' | 'wand' | 'lineArt';

/** Screen = image × scale + (x, y): the stage transform for zoom and pan. */
export interface ViewTransform {
  scale: number;
  x: number;
  y: number;
}
