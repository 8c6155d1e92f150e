import { useEffect } from 'react';
import { theme } from 'antd';
import { Circle, Group, Image as KonvaImage, Layer, Line, Rect, Stage } from './konva-nodes.ts';
import type { MaskNodes } from './mask-nodes.ts';
import { MaskShapes } from './mask-shapes.tsx';
import type { MaskShape, ViewTransform } from './mask-types.ts';

export interface MaskCanvasProps {
  nodes: MaskNodes;
  image: HTMLImageElement | null;
  imageWidth: number;
  imageHeight: number;
  width: number;
  height: number;
  view: ViewTransform;
  shapes: MaskShape[];
  polygon: number[];
  opacity: number;
}

const still = { listening: false, perfectDrawEnabled: false } as const;

/**
 * Three layers, each its own <canvas>: the base image (redrawn only on zoom and pan), the mask (the only
 * one redrawn while painting) and guides (brush cursor, open polygon). The stage carries the view
 * transform, so everything inside is in image pixels.
 */
export function MaskCanvas(p: MaskCanvasProps) {
  const { token } = theme.useToken();
  const { view } = p;
  // Destructured under *Ref names so the hooks linter knows these are refs handed to Konva, not read here.
  const {
    stage: stageRef,
    maskLayer: maskLayerRef,
    committed: committedRef,
    liveLine: liveLineRef,
    liveRect: liveRectRef,
    guideLayer: guideLayerRef,
    rubberBand: rubberBandRef,
    firstPoint: firstPointRef,
    cursor: cursorRef,
  } = p.nodes;
  const overlay = token.colorSuccess;

  // Opacity on the layer's element, not its shapes: shapes at full alpha composite cleanly into one mask.
  useEffect(() => {
    const layer = p.nodes.maskLayer.current;
    if (layer) layer.getNativeCanvasElement().style.opacity = String(p.opacity);
  }, [p.nodes, p.opacity]);

  // The rubber band is shown imperatively while the pointer moves; once the polygon is closed or
  // cancelled no move may follow, so it is hidden here.
  const polygonOpen = p.polygon.length >= 2;
  useEffect(() => {
    if (polygonOpen) return;
    rubberBandRef.current?.visible(false);
    guideLayerRef.current?.batchDraw();
  }, [polygonOpen, rubberBandRef, guideLayerRef]);

  const first = p.polygon.length >= 2 ? { x: p.polygon[0]!, y: p.polygon[1]! } : null;
  return (
    <Stage
      ref={stageRef}
      width={p.width}
      height={p.height}
      x={view.x}
      y={view.y}
      scaleX={view.scale}
      scaleY={view.scale}
      listening={false}
    >
      <Layer listening={false} imageSmoothingEnabled={view.scale < 2}>
        <Rect {...still} width={p.imageWidth} height={p.imageHeight} fill={token.colorFillSecondary} />
        {p.image && <KonvaImage {...still} image={p.image} width={p.imageWidth} height={p.imageHeight} />}
      </Layer>
      <Layer ref={maskLayerRef} listening={false}>
        {/* The rasterised mask stops at the image edge; so does what the user sees. */}
        <Group clipX={0} clipY={0} clipWidth={p.imageWidth} clipHeight={p.imageHeight}>
          <Group ref={committedRef}>
            <MaskShapes shapes={p.shapes} colour={overlay} />
          </Group>
          <Line {...still} ref={liveLineRef} visible={false} stroke={overlay} lineCap="round" lineJoin="round" />
          <Rect {...still} ref={liveRectRef} visible={false} fill={overlay} />
        </Group>
      </Layer>
      <Layer ref={guideLayerRef} listening={false}>
        {p.polygon.length >= 2 && (
          <>
            <Line {...still} points={p.polygon} closed fill={overlay} opacity={p.opacity * 0.6} />
            <Line
              {...still}
              points={p.polygon}
              stroke={token.colorPrimary}
              strokeWidth={2}
              strokeScaleEnabled={false}
            />
          </>
        )}
        <Line
          {...still}
          ref={rubberBandRef}
          visible={false}
          stroke={token.colorPrimary}
          strokeWidth={2}
          dash={[6, 4]}
          strokeScaleEnabled={false}
        />
        {first && (
          <Circle
            {...still}
            ref={firstPointRef}
            x={first.x}
            y={first.y}
            radius={6 / view.scale}
            fill={token.colorPrimary}
            stroke={token.colorBgContainer}
            strokeWidth={2}
            strokeScaleEnabled={false}
            opacity={0.5}
          />
        )}
        {/* Over a photograph the theme colours say nothing; a light ring with a dark halo reads on anything. */}
        <Circle
          {...still}
          ref={cursorRef}
          visible={false}
          radius={1}
          stroke="#ffffff"
          strokeWidth={1.5}
          strokeScaleEnabled={false}
          shadowColor="#000000"
          shadowBlur={2}
          shadowOpacity={0.9}
        />
      </Layer>
    </Stage>
  );
}
