import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import {
  actualScale,
  canPan,
  clampView,
  fitView,
  PAN_STEP,
  panBy,
  scaleRange,
  wheelFactor,
  ZOOM_STEP,
  zoomPercent,
  zoomTo,
  type Size,
  type View,
} from './zoom-math.ts';

/** Where typing goes: keys pressed there are the control's own (a radio or a slider takes no text). */
const TYPING =
  'input:not([type="range"]):not([type="radio"]):not([type="checkbox"]):not([type="button"]), textarea, select, [contenteditable="true"]';
/** Controls that move with the arrow keys themselves (the compare split, the view switch). */
const OWN_ARROWS = 'input, select, [role="slider"], [role="radio"], .ant-segmented';

/**
 * Zoom and pan of one image in a viewer: the wheel zooms around the cursor, a drag moves the
 * image, a double click goes between the whole image and its actual pixels, and the keys + − 0 1
 * zoom in, out, to fit and to 100 %. The arrow keys move a zoomed image; at fit they are left to
 * the page (they step between results there). Until the user zooms, the view follows the viewer's
 * size (the whole image, also after the window changes); `shown` names the image, and another one
 * opens whole again.
 */
export function useZoomPan(image: Size, shown: string) {
  const viewport = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState<Size>({ width: 0, height: 0 });
  const [chosen, setChosen] = useState<View | null>(null);
  // Another image (the next result) opens whole, as the first did.
  const [was, setWas] = useState(shown);
  if (was !== shown) {
    setWas(shown);
    setChosen(null);
  }
  const actual = actualScale(typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1);
  const view = chosen ? clampView(chosen, image, box, actual) : fitView(image, box);
  const [min, max] = scaleRange(image, box, actual);

  // What the listeners below read: the latest sizes, without re-adding them each render.
  const latest = useRef({ view, box, image, actual });
  useLayoutEffect(() => {
    latest.current = { view, box, image, actual };
  });
  /**
   * Changes the view from the one in the latest state, not the last render's: wheel events come
   * faster than renders, and each must add to the one before.
   */
  const change = useCallback((next: (view: View, l: typeof latest.current) => View) => {
    setChosen((c) => {
      const l = latest.current;
      return next(c ? clampView(c, l.image, l.box, l.actual) : fitView(l.image, l.box), l);
    });
  }, []);

  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setBox({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  /** A point of the page relative to the viewer's centre. */
  const fromCentre = (clientX: number, clientY: number) => {
    const r = viewport.current?.getBoundingClientRect();
    return r ? { x: clientX - r.left - r.width / 2, y: clientY - r.top - r.height / 2 } : { x: 0, y: 0 };
  };

  /** Zooms to the scale `to` picks from the current view, around `at` (the viewer's centre unless said). */
  const zoom = useCallback(
    (to: (v: View, actual: number) => number, at = { x: 0, y: 0 }) =>
      change((v, l) => zoomTo(v, to(v, l.actual), at, l.image, l.box, l.actual)),
    [change],
  );
  const pan = useCallback(
    (dx: number, dy: number) => change((v, l) => panBy(v, dx, dy, l.image, l.box, l.actual)),
    [change],
  );
  const zoomIn = useCallback(() => zoom((v) => v.scale * ZOOM_STEP), [zoom]);
  const zoomOut = useCallback(() => zoom((v) => v.scale / ZOOM_STEP), [zoom]);
  const fit = useCallback(() => setChosen(null), []);
  const actualSize = useCallback(() => zoom((_, actual) => actual), [zoom]);

  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    // Not passive: the page must not scroll (nor the browser zoom, with Ctrl) while the image does.
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const r = el.getBoundingClientRect();
      const at = { x: e.clientX - r.left - r.width / 2, y: e.clientY - r.top - r.height / 2 };
      const factor = wheelFactor(e.deltaY, e.deltaMode, r.height);
      zoom((v) => v.scale * factor, at);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [zoom]);

  useEffect(() => {
    // Captured before the page's own arrow keys (the film strip's), which a zoomed image takes over.
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest(TYPING)) return;
      const l = latest.current;
      const arrows: Record<string, [number, number]> = {
        ArrowLeft: [1, 0],
        ArrowRight: [-1, 0],
        ArrowUp: [0, 1],
        ArrowDown: [0, -1],
      };
      const arrow = arrows[e.key];
      if (arrow) {
        if (target?.closest(OWN_ARROWS) || !canPan(l.view, l.image, l.box)) return;
        pan(arrow[0] * l.box.width * PAN_STEP, arrow[1] * l.box.height * PAN_STEP);
      } else if (e.key === '+' || e.key === '=') zoomIn();
      else if (e.key === '-' || e.key === '_') zoomOut();
      else if (e.key === '0') fit();
      else if (e.key === '1') actualSize();
      else return;
      e.preventDefault();
      e.stopPropagation();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [zoomIn, zoomOut, fit, actualSize, pan]);

  const drag = useRef<{ id: number; x: number; y: number } | null>(null);
  const pointer = {
    onPointerDown(e: ReactPointerEvent<HTMLElement>) {
      if (e.button !== 0) return;
      drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY };
      e.currentTarget.setPointerCapture?.(e.pointerId);
    },
    onPointerMove(e: ReactPointerEvent<HTMLElement>) {
      const d = drag.current;
      if (!d || d.id !== e.pointerId) return;
      pan(e.clientX - d.x, e.clientY - d.y);
      drag.current = { ...d, x: e.clientX, y: e.clientY };
    },
    onPointerUp(e: ReactPointerEvent<HTMLElement>) {
      if (drag.current?.id === e.pointerId) drag.current = null;
    },
    onPointerCancel() {
      drag.current = null;
    },
    onDoubleClick(e: React.MouseEvent<HTMLElement>) {
      const l = latest.current;
      if (l.view.scale < l.actual * 0.99) zoom((_, actual) => actual, fromCentre(e.clientX, e.clientY));
      else fit();
    },
  };

  return {
    viewport,
    view,
    percent: zoomPercent(view, actual),
    fitted: chosen === null,
    atActual: Math.abs(view.scale - actual) < 1e-6,
    canZoomIn: view.scale < max - 1e-9,
    canZoomOut: view.scale > min + 1e-9,
    pannable: canPan(view, image, box),
    zoomIn,
    zoomOut,
    fit,
    actualSize,
    pointer,
  };
}
