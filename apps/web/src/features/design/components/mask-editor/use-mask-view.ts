import { useCallback, useEffect, useMemo, useState, type RefObject } from 'react';
import { fitView, zoomAt } from './mask-geometry.ts';
import type { Point, ViewTransform } from './mask-types.ts';

export const ZOOM_STEP = 1.25;

/**
 * Viewport size and the zoom/pan transform. Until the user zooms or pans, the view is derived by fitting
 * the image to the viewport, so resizing the window or swapping the image refits without an effect.
 */
export function useMaskView(containerRef: RefObject<HTMLElement | null>, imageWidth: number, imageHeight: number) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [manual, setManual] = useState<ViewTransform | null>(null);

  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      setSize((s) => (s.width === width && s.height === height ? s : { width, height }));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [containerRef]);

  const fitted = useMemo(
    () => fitView(imageWidth, imageHeight, size.width, size.height),
    [imageWidth, imageHeight, size.width, size.height],
  );
  const view = manual ?? fitted;

  const setView = useCallback(
    (next: ViewTransform | ((current: ViewTransform) => ViewTransform)) =>
      setManual((m) => (typeof next === 'function' ? next(m ?? fitted) : next)),
    [fitted],
  );

  const zoomBy = useCallback(
    (factor: number, anchor?: Point) =>
      setView((v) => zoomAt(v, anchor ?? { x: size.width / 2, y: size.height / 2 }, factor)),
    [setView, size.width, size.height],
  );

  return { size, view, setView, zoomBy, fit: useCallback(() => setManual(null), []), isFitted: manual === null };
}
