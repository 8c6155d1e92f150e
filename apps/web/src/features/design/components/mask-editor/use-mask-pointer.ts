import { useEffect, useEffectEvent, useRef, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { clamp, closesPolygon, normaliseRect, screenToImage, snapTo45, wheelZoomFactor } from './mask-geometry.ts';
import { compositeFor, type MaskNodes } from './mask-nodes.ts';
import type { MaskMode, MaskShape, MaskTool, Point, ViewTransform } from './mask-types.ts';

type Gesture =
  | { kind: 'stroke'; mode: MaskMode; size: number; points: number[] }
  | { kind: 'rect'; mode: MaskMode; start: Point; end: Point }
  | { kind: 'pan'; from: Point; start: ViewTransform; view: ViewTransform };

export interface PointerOptions {
  container: RefObject<HTMLDivElement | null>;
  nodes: MaskNodes;
  tool: MaskTool;
  mode: MaskMode;
  brushSize: number;
  view: ViewTransform;
  viewport: { width: number; height: number };
  setView: (view: ViewTransform) => void;
  zoomBy: (factor: number, anchor: Point) => void;
  imageWidth: number;
  imageHeight: number;
  /** Space is held: the left button pans instead of drawing. */
  panKey: boolean;
  polygon: number[];
  onPolygonPoint: (points: number[]) => void;
  onPolygonClose: () => void;
  onShape: (shape: MaskShape) => void;
  /** A click with the magic wand or "select by line art": Shift adds, Alt subtracts, whatever the mode. */
  onWand: (point: Point, mode: MaskMode) => void;
}

/** Where the stage's (0, 0) is on screen: inside the container's border, which the bounding box includes. */
function stageOrigin(el: HTMLElement): Point {
  const box = el.getBoundingClientRect();
  return { x: box.left + el.clientLeft, y: box.top + el.clientTop };
}

/** Points closer than this on screen add nothing a viewer could see, only work for every redraw. */
const MIN_STEP_PX = 1;

/**
 * Pointer gestures on the canvas: strokes, rectangles, polygon clicks, pan and wheel zoom. Native pointer
 * events on the container (Konva's own hit graph is off) update Konva nodes in place; React state changes
 * only when a gesture ends or a polygon point is placed, never per move.
 */
export function useMaskPointer(o: PointerOptions) {
  const gesture = useRef<Gesture | null>(null);
  const { nodes } = o;

  const local = (e: { clientX: number; clientY: number }): Point => {
    const origin = stageOrigin(o.container.current!);
    return { x: e.clientX - origin.x, y: e.clientY - origin.y };
  };
  const toImage = (e: { clientX: number; clientY: number }) => screenToImage(local(e), o.view);

  /** While a stroke is drawn the finished shapes cannot change, so they are drawn once into a bitmap of
   * the visible part and each move redraws that bitmap plus one line, however many shapes there are. */
  const freezeCommitted = () => {
    const group = nodes.committed.current;
    if (!group || group.getChildren().length === 0) return;
    const a = screenToImage({ x: 0, y: 0 }, o.view);
    const b = screenToImage({ x: o.viewport.width, y: o.viewport.height }, o.view);
    const x = Math.floor(clamp(a.x, 0, o.imageWidth));
    const y = Math.floor(clamp(a.y, 0, o.imageHeight));
    const width = Math.ceil(clamp(b.x, 0, o.imageWidth)) - x;
    const height = Math.ceil(clamp(b.y, 0, o.imageHeight)) - y;
    if (width <= 0 || height <= 0) return;
    group.cache({ x, y, width, height, pixelRatio: o.view.scale * (window.devicePixelRatio || 1) });
  };

  const updateGuides = (e: ReactPointerEvent) => {
    const p = toImage(e);
    const cursor = nodes.cursor.current;
    const brushing = (o.tool === 'brush' || o.tool === 'eraser') && !o.panKey;
    cursor?.setAttrs({ x: p.x, y: p.y, radius: o.brushSize / 2, visible: brushing });
    const band = nodes.rubberBand.current;
    if (o.tool === 'polygon' && o.polygon.length >= 2) {
      const last = { x: o.polygon.at(-2)!, y: o.polygon.at(-1)! };
      const target = e.shiftKey ? snapTo45(last, p) : p;
      band?.setAttrs({ points: [last.x, last.y, target.x, target.y], visible: true });
      nodes.firstPoint.current?.setAttr('opacity', closesPolygon(o.polygon, p, o.view.scale) ? 1 : 0.5);
    } else band?.visible(false);
    nodes.guideLayer.current?.batchDraw();
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (gesture.current) return;
    const pan = e.button === 1 || (e.button === 0 && o.panKey);
    if (!pan && e.button !== 0) return;
    e.preventDefault(); // no middle-click autoscroll, no text selection while dragging
    o.container.current?.focus({ preventScroll: true });
    const p = toImage(e);
    if (pan) {
      gesture.current = { kind: 'pan', from: local(e), start: o.view, view: o.view };
    } else if (o.tool === 'polygon') {
      if (closesPolygon(o.polygon, p, o.view.scale)) return o.onPolygonClose();
      const last = o.polygon.length >= 2 ? { x: o.polygon.at(-2)!, y: o.polygon.at(-1)! } : null;
      const q = last && e.shiftKey ? snapTo45(last, p) : p;
      return o.onPolygonPoint([...o.polygon, q.x, q.y]);
    } else if (o.tool === 'wand' || o.tool === 'lineArt') {
      return o.onWand(p, e.altKey ? 'subtract' : e.shiftKey ? 'add' : o.mode);
    } else if (o.tool === 'rect') {
      gesture.current = { kind: 'rect', mode: o.mode, start: p, end: p };
      nodes.liveRect.current?.setAttrs({
        x: p.x,
        y: p.y,
        width: 0,
        height: 0,
        visible: true,
        globalCompositeOperation: compositeFor(o.mode),
      });
    } else {
      const mode = o.tool === 'eraser' ? 'subtract' : o.mode;
      gesture.current = { kind: 'stroke', mode, size: o.brushSize, points: [p.x, p.y] };
      freezeCommitted();
      // Two copies of the first point so a click without movement already shows its round dot.
      nodes.liveLine.current?.setAttrs({
        points: [p.x, p.y, p.x, p.y],
        strokeWidth: o.brushSize,
        globalCompositeOperation: compositeFor(mode),
        visible: true,
      });
    }
    e.currentTarget.setPointerCapture?.(e.pointerId);
    nodes.maskLayer.current?.batchDraw();
  };

  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    updateGuides(e);
    const g = gesture.current;
    if (!g) return;
    if (g.kind === 'pan') {
      const now = local(e);
      g.view = { ...g.start, x: g.start.x + now.x - g.from.x, y: g.start.y + now.y - g.from.y };
      nodes.stage.current?.position({ x: g.view.x, y: g.view.y });
      nodes.stage.current?.batchDraw();
    } else if (g.kind === 'rect') {
      g.end = toImage(e);
      const r = normaliseRect(g.start, g.end);
      nodes.liveRect.current?.setAttrs({ x: r.x, y: r.y, width: r.w, height: r.h });
      nodes.maskLayer.current?.batchDraw();
    } else {
      // Coalesced events carry the samples the browser merged into this frame: smoother fast strokes.
      const samples = e.nativeEvent.getCoalescedEvents?.() ?? [];
      for (const sample of samples.length > 0 ? samples : [e]) {
        const p = toImage(sample);
        const dx = p.x - g.points.at(-2)!;
        const dy = p.y - g.points.at(-1)!;
        if (Math.hypot(dx, dy) * o.view.scale >= MIN_STEP_PX) g.points.push(p.x, p.y);
      }
      nodes.liveLine.current?.points(g.points.length === 2 ? [...g.points, ...g.points] : g.points);
      nodes.maskLayer.current?.batchDraw();
    }
  };

  const end = (e: ReactPointerEvent<HTMLDivElement>, keep: boolean) => {
    const g = gesture.current;
    if (!g) return;
    gesture.current = null;
    if (e.currentTarget.hasPointerCapture?.(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
    if (g.kind === 'pan') return o.setView(g.view);
    nodes.liveLine.current?.visible(false);
    nodes.liveRect.current?.visible(false);
    nodes.committed.current?.clearCache();
    nodes.maskLayer.current?.batchDraw();
    if (!keep) return;
    if (g.kind === 'stroke') {
      o.onShape({ type: 'stroke', mode: g.mode, points: g.points, size: g.size });
    } else {
      const r = normaliseRect(g.start, g.end);
      // A click with the rectangle tool is not a rectangle.
      if (r.w * o.view.scale >= 2 && r.h * o.view.scale >= 2) o.onShape({ type: 'rect', mode: g.mode, ...r });
    }
  };

  const onPointerLeave = () => {
    nodes.cursor.current?.visible(false);
    nodes.rubberBand.current?.visible(false);
    nodes.guideLayer.current?.batchDraw();
  };

  // React attaches wheel listeners as passive, and the page must not scroll while the wheel zooms.
  const zoom = useEffectEvent((factor: number, anchor: Point) => o.zoomBy(factor, anchor));
  useEffect(() => {
    const el = o.container.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const origin = stageOrigin(el);
      zoom(wheelZoomFactor(e.deltaY), { x: e.clientX - origin.x, y: e.clientY - origin.y });
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [o.container]);

  return {
    onPointerDown,
    onPointerMove,
    onPointerUp: (e: ReactPointerEvent<HTMLDivElement>) => end(e, true),
    onPointerCancel: (e: ReactPointerEvent<HTMLDivElement>) => end(e, false),
    onPointerLeave,
  };
}
