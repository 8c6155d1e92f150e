/** The square crop of an image: where the image sits under a square frame of `frame` px. */
export interface CropView {
  /** The image's natural size. */
  width: number;
  height: number;
  /** The frame's side on screen. */
  frame: number;
  /** 1 = the image's short side just fills the frame. */
  zoom: number;
  /** The image's top-left corner relative to the frame's (0 or below: the frame never shows past it). */
  x: number;
  y: number;
}

export const MAX_ZOOM = 4;

/** On-screen pixels per image pixel. */
export const scaleOf = (v: Pick<CropView, 'width' | 'height' | 'frame' | 'zoom'>) =>
  (v.frame / Math.min(v.width, v.height)) * v.zoom;

/** Keeps the frame covered by the image, whatever the move or zoom asked for. */
export function clampView(v: CropView): CropView {
  const zoom = Math.min(MAX_ZOOM, Math.max(1, v.zoom));
  const s = scaleOf({ ...v, zoom });
  const clamp = (pos: number, size: number) => Math.min(0, Math.max(v.frame - size * s, pos));
  return { ...v, zoom, x: clamp(v.x, v.width), y: clamp(v.y, v.height) };
}

/** The image centred under the frame at zoom 1. */
export const initialView = (width: number, height: number, frame: number): CropView => {
  const s = scaleOf({ width, height, frame, zoom: 1 });
  return clampView({ width, height, frame, zoom: 1, x: (frame - width * s) / 2, y: (frame - height * s) / 2 });
};

/** Zooms about the frame's centre, so what is in the middle stays there. */
export function zoomTo(v: CropView, zoom: number): CropView {
  const before = scaleOf(v);
  const cx = (v.frame / 2 - v.x) / before;
  const cy = (v.frame / 2 - v.y) / before;
  const after = scaleOf({ ...v, zoom: Math.min(MAX_ZOOM, Math.max(1, zoom)) });
  return clampView({ ...v, zoom, x: v.frame / 2 - cx * after, y: v.frame / 2 - cy * after });
}

export const moveBy = (v: CropView, dx: number, dy: number) => clampView({ ...v, x: v.x + dx, y: v.y + dy });

/** The square of the image (in its own pixels) the frame shows. */
export function cropRect(v: CropView) {
  const s = scaleOf(v);
  const side = Math.min(v.width, v.height, v.frame / s);
  return {
    x: Math.max(0, Math.min(v.width - side, -v.x / s)),
    y: Math.max(0, Math.min(v.height - side, -v.y / s)),
    side,
  };
}
