import { memo } from 'react';
import type Konva from 'konva';
import { Circle, Line, Rect, Shape } from './konva-nodes.ts';
import { compositeFor } from './mask-nodes.ts';
import type { MaskShape, RasterShape } from './mask-types.ts';

/** Static drawing only: nothing here listens, and Konva skips the extra buffer it uses for perfect strokes. */
const still = { listening: false, perfectDrawEnabled: false } as const;

/**
 * A wand selection as one path of rectangles filled once: at a zoom where its pixel edges fall between
 * screen pixels, the shared edges of neighbouring rectangles still leave no anti-aliased seam.
 */
function drawRaster(shape: RasterShape) {
  return (ctx: Konva.Context, node: Konva.Shape) => {
    const { rects } = shape;
    ctx.beginPath();
    for (let i = 0; i + 3 < rects.length; i += 4) {
      ctx.rect(rects[i]!, rects[i + 1]!, rects[i + 2]! - rects[i]!, rects[i + 3]! - rects[i + 1]!);
    }
    ctx.fillShape(node);
  };
}

function ShapeNode({ shape, colour }: { shape: MaskShape; colour: string }) {
  const gco = compositeFor(shape.mode);
  if (shape.type === 'raster') {
    return <Shape {...still} sceneFunc={drawRaster(shape)} fill={colour} globalCompositeOperation={gco} />;
  }
  if (shape.type === 'rect') {
    return (
      <Rect
        {...still}
        x={shape.x}
        y={shape.y}
        width={shape.w}
        height={shape.h}
        fill={colour}
        globalCompositeOperation={gco}
      />
    );
  }
  if (shape.type === 'polygon') {
    return <Line {...still} points={shape.points} closed fill={colour} globalCompositeOperation={gco} />;
  }
  if (shape.points.length === 2) {
    return (
      <Circle
        {...still}
        x={shape.points[0]}
        y={shape.points[1]}
        radius={shape.size / 2}
        fill={colour}
        globalCompositeOperation={gco}
      />
    );
  }
  return (
    <Line
      {...still}
      points={shape.points}
      stroke={colour}
      strokeWidth={shape.size}
      lineCap="round"
      lineJoin="round"
      globalCompositeOperation={gco}
    />
  );
}

/**
 * The committed mask, all shapes at full strength: the layer's canvas element carries the opacity, so
 * overlapping strokes do not darken and subtracting removes the green completely.
 */
export const MaskShapes = memo(function MaskShapes({ shapes, colour }: { shapes: MaskShape[]; colour: string }) {
  // Edits append and undo pops; where a redo or clear swaps a shape, the node at that index just updates.
  return shapes.map((shape, i) => <ShapeNode key={i} shape={shape} colour={colour} />);
});
