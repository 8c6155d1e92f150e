import { useCallback, useRef, useState } from 'react';
import { Flex, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MaskCanvas } from './mask-canvas.tsx';
import { polygonArea } from './mask-geometry.ts';
import { useMaskNodes } from './mask-nodes.ts';
import { MaskToolbar } from './mask-toolbar.tsx';
import type { MaskMode, MaskShape, MaskTool } from './mask-types.ts';
import { useBaseImage } from './use-base-image.ts';
import { useMagicWand } from './use-magic-wand.ts';
import { useMaskHistory } from './use-mask-history.ts';
import { useMaskPointer } from './use-mask-pointer.ts';
import { useMaskShortcuts } from './use-mask-shortcuts.ts';
import { useMaskView, ZOOM_STEP } from './use-mask-view.ts';
import { WAND_DEFAULT_TOLERANCE } from './wand-select.ts';

/** How much [ and ] change the wand's tolerance. */
const TOLERANCE_STEP = 5;

export interface MaskEditorProps {
  /** The base image the mask belongs to. */
  imageUrl: string;
  /** The base image's full size in pixels: shapes are stored, and the mask rasterised, at this size. */
  imageWidth: number;
  imageHeight: number;
  /** The mask as vector shapes in image pixels, oldest first. */
  value: MaskShape[];
  onChange: (shapes: MaskShape[]) => void;
  /** Height of the canvas area (CSS pixels or any CSS length); it takes the full width of its container. */
  height?: number | string;
}

/**
 * Paints the region of a base image that a partial edit may change. The mask stays a list of vector
 * shapes in image pixels; `rasterizeMask` turns it into the PNG the server needs, once, at submit time:
 *
 *   const [shapes, setShapes] = useState<MaskShape[]>([]);
 *   <MaskEditor imageUrl={url} imageWidth={w} imageHeight={h} value={shapes} onChange={setShapes} />
 *   if (!hasRegion(shapes, { width: w, height: h })) → "Partial edit requires a region selected…"
 *   const mask = await rasterizeMask(shapes, w, h); // PNG Blob, w × h
 */
export function MaskEditor({ imageUrl, imageWidth, imageHeight, value, onChange, height = 560 }: MaskEditorProps) {
  const { t } = useTranslation('design');
  const { token } = theme.useToken();
  const root = useRef<HTMLDivElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const overCanvas = useRef(false);
  const nodes = useMaskNodes();
  const base = useBaseImage(imageUrl);
  const history = useMaskHistory(value, onChange, imageUrl);
  const { size, view, setView, zoomBy, fit } = useMaskView(container, imageWidth, imageHeight);

  const brushMax = Math.max(8, Math.round(Math.max(imageWidth, imageHeight) / 6));
  const [tool, setToolState] = useState<MaskTool>('brush');
  const [mode, setMode] = useState<MaskMode>('add');
  const [brushSize, setBrushSize] = useState(() => Math.max(4, Math.round(Math.max(imageWidth, imageHeight) / 40)));
  const [opacity, setOpacity] = useState(0.5);
  const [polygon, setPolygon] = useState<number[]>([]);
  const [panKey, setPanKey] = useState(false);
  const [tolerance, setTolerance] = useState(WAND_DEFAULT_TOLERANCE);
  const wand = useMagicWand({ image: base.image, imageWidth, imageHeight, onShape: history.add });
  const picking = tool === 'wand' || tool === 'lineArt';

  const closePolygon = useCallback(() => {
    if (polygon.length >= 6 && polygonArea(polygon) > 0) history.add({ type: 'polygon', mode, points: polygon });
    setPolygon([]);
  }, [polygon, mode, history]);
  // Changing tool abandons an unfinished polygon rather than closing it into a shape nobody confirmed.
  const setTool = useCallback((next: MaskTool) => {
    setToolState(next);
    setPolygon([]);
  }, []);

  useMaskShortcuts(root, overCanvas, {
    setTool,
    toggleMode: () => setMode((m) => (m === 'add' ? 'subtract' : 'add')),
    undo: history.undo,
    redo: history.redo,
    fit,
    // [ and ] size the brush, or with the wand change its tolerance.
    brushSize: (f) =>
      tool === 'wand'
        ? setTolerance((v) => Math.min(100, Math.max(0, v + (f > 1 ? TOLERANCE_STEP : -TOLERANCE_STEP))))
        : setBrushSize((s) => Math.min(brushMax, Math.max(1, Math.round(s * f)))),
    polygonOpen: polygon.length > 0,
    closePolygon,
    cancelPolygon: () => setPolygon([]),
    removePolygonPoint: () => setPolygon((pts) => pts.slice(0, -2)),
    setPanKey,
  });

  const pointer = useMaskPointer({
    container,
    nodes,
    tool,
    mode,
    brushSize,
    view,
    viewport: size,
    setView,
    zoomBy,
    imageWidth,
    imageHeight,
    panKey,
    polygon,
    onPolygonPoint: setPolygon,
    onPolygonClose: closePolygon,
    onShape: history.add,
    onWand: (p, pickMode) =>
      wand.select({ x: p.x, y: p.y, mode: pickMode, tolerance, source: tool === 'lineArt' ? 'lineArt' : 'colour' }),
  });

  // The crosshair stays visible even when the brush ring is a few pixels wide at low zoom.
  const cursor = panKey ? 'grab' : wand.busy ? 'progress' : 'crosshair';
  const hint =
    base.status === 'loading'
      ? t('mask.loading')
      : tool === 'polygon'
        ? t('mask.polygonHint')
        : picking
          ? t(wand.busy ? 'wand.busy' : tool === 'wand' ? 'wand.hint' : 'wand.lineArtHint')
          : t('mask.hint');
  return (
    <Flex vertical gap={8} ref={root}>
      <MaskToolbar
        tool={tool}
        onTool={setTool}
        mode={mode}
        onMode={setMode}
        brushSize={brushSize}
        brushMax={brushMax}
        onBrushSize={setBrushSize}
        tolerance={tolerance}
        onTolerance={setTolerance}
        opacity={opacity}
        onOpacity={setOpacity}
        canUndo={history.canUndo}
        canRedo={history.canRedo}
        canClear={value.length > 0}
        onUndo={history.undo}
        onRedo={history.redo}
        onClear={history.clear}
        zoomPercent={Math.round(view.scale * 100)}
        onZoomIn={() => zoomBy(ZOOM_STEP)}
        onZoomOut={() => zoomBy(1 / ZOOM_STEP)}
        onFit={fit}
      />
      <div
        ref={container}
        data-mask-canvas
        role="application"
        aria-label={t('mask.canvas')}
        aria-busy={base.status === 'loading' || wand.busy}
        tabIndex={0}
        {...pointer}
        onPointerEnter={() => (overCanvas.current = true)}
        onPointerLeave={() => {
          overCanvas.current = false;
          pointer.onPointerLeave();
        }}
        style={{
          position: 'relative',
          height,
          overflow: 'hidden',
          cursor,
          touchAction: 'none',
          background: token.colorFillQuaternary,
          border: `1px solid ${token.colorBorder}`,
          outlineColor: token.colorPrimary,
        }}
      >
        {size.width > 0 && (
          <MaskCanvas
            nodes={nodes}
            image={base.image}
            imageWidth={imageWidth}
            imageHeight={imageHeight}
            width={size.width}
            height={size.height}
            view={view}
            shapes={value}
            polygon={polygon}
            opacity={opacity}
          />
        )}
      </div>
      {base.status === 'failed' ? (
        <Typography.Text type="danger" role="alert">
          {t('mask.imageError')}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary" aria-live="polite">
          {hint}
        </Typography.Text>
      )}
    </Flex>
  );
}
