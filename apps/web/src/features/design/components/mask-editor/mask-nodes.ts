import { createRef, useState, type RefObject } from 'react';
import type Konva from 'konva';

/**
 * The Konva nodes that pointer gestures drive directly. Strokes, rubber bands and the brush cursor change
 * on every pointer move; updating them through these refs and redrawing one layer keeps React out of it.
 */
export interface MaskNodes {
  stage: RefObject<Konva.Stage | null>;
  maskLayer: RefObject<Konva.Layer | null>;
  committed: RefObject<Konva.Group | null>;
  liveLine: RefObject<Konva.Line | null>;
  liveRect: RefObject<Konva.Rect | null>;
  guideLayer: RefObject<Konva.Layer | null>;
  rubberBand: RefObject<Konva.Line | null>;
  firstPoint: RefObject<Konva.Circle | null>;
  cursor: RefObject<Konva.Circle | null>;
}

const createNodes = (): MaskNodes => ({
  stage: createRef(),
  maskLayer: createRef(),
  committed: createRef(),
  liveLine: createRef(),
  liveRect: createRef(),
  guideLayer: createRef(),
  rubberBand: createRef(),
  firstPoint: createRef(),
  cursor: createRef(),
});

/** One stable set of refs for the editor's lifetime. */
export function useMaskNodes(): MaskNodes {
  return useState(createNodes)[0];
}

/** Composite operation that shows a shape's mode on the overlay: subtracting punches a hole in the green. */
export const compositeFor = (mode: 'add' | 'subtract'): GlobalCompositeOperation =>
  mode === 'add' ? 'source-over' : 'destination-out';
