/** The size of an image or of the space it is shown in, in CSS pixels. */
export interface Size {
  width: number;
  height: number;
}

/**
 * How an image sits in the viewer: its scale (CSS pixels per image pixel) and how far its centre
 * is moved from the viewer's centre, in CSS pixels.
 */
export interface View {
  scale: number;
  x: number;
  y: number;
}

/** The closest one may look: eight screen pixels per image pixel. */
const MAX_ZOOM = 8;
/** One press of + or −. */
export const ZOOM_STEP = 1.25;
/** One press of an arrow key moves the image by this share of the viewer. */
export const PAN_STEP = 0.1;

/** The scale at which one image pixel takes one screen pixel (100 %): half a CSS pixel on a 2× screen. */
export const actualScale = (devicePixelRatio: number) => 1 / (devicePixelRatio > 0 ? devicePixelRatio : 1);

/** The whole image in the viewer, never enlarged past its CSS size (as the stage shows it). */
export function fitScale(image: Size, box: Size): number {
  if (box.width <= 0 || box.height <= 0 || image.width <= 0 || image.height <= 0) return 1;
  return Math.min(1, box.width / image.width, box.height / image.height);
}

/** The smallest and largest scale: from the whole image (or its actual pixels, if smaller) to 8× those. */
export function scaleRange(image: Size, box: Size, actual: number): [number, number] {
  return [Math.min(fitScale(image, box), actual), MAX_ZOOM * actual];
}

/**
 * A view kept within its limits: the scale in range and the image never dragged away from the
 * viewer (a side larger than the viewer covers it; a smaller one stays centred).
 */
export function clampView(view: View, image: Size, box: Size, actual: number): View {
  const [min, max] = scaleRange(image, box, actual);
  const scale = Math.min(max, Math.max(min, view.scale));
  const spareX = Math.max(0, (image.width * scale - box.width) / 2);
  const spareY = Math.max(0, (image.height * scale - box.height) / 2);
  const limit = (v: number, spare: number) => (spare === 0 ? 0 : Math.min(spare, Math.max(-spare, v)));
  return { scale, x: limit(view.x, spareX), y: limit(view.y, spareY) };
}

/** The view that shows the whole image, centred. */
export const fitView = (image: Size, box: Size): View => ({ scale: fitScale(image, box), x: 0, y: 0 });

/**
 * Zooms to `scale` keeping the image point under `at` (relative to the viewer's centre, in CSS
 * pixels) where it is: the wheel zooms around the cursor, the keys around the centre.
 */
export function zoomTo(
  view: View,
  scale: number,
  at: { x: number; y: number },
  image: Size,
  box: Size,
  actual: number,
) {
  const [min, max] = scaleRange(image, box, actual);
  const next = Math.min(max, Math.max(min, scale));
  const k = next / view.scale;
  return clampView({ scale: next, x: at.x - (at.x - view.x) * k, y: at.y - (at.y - view.y) * k }, image, box, actual);
}

/** Moves the image by a distance in CSS pixels, as far as it can go. */
export const panBy = (view: View, dx: number, dy: number, image: Size, box: Size, actual: number) =>
  clampView({ ...view, x: view.x + dx, y: view.y + dy }, image, box, actual);

/** Whether the image is larger than the viewer, so there is something to drag into view (never before it is measured). */
export const canPan = (view: View, image: Size, box: Size) =>
  box.width > 0 &&
  box.height > 0 &&
  (image.width * view.scale > box.width + 0.5 || image.height * view.scale > box.height + 0.5);

/** A wheel turn as a zoom factor: about 1.16× a notch of a mouse wheel, smooth on a touchpad. */
export function wheelFactor(deltaY: number, deltaMode: number, pageHeight: number): number {
  const pixels = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * pageHeight : deltaY;
  return Math.min(2, Math.max(0.5, Math.exp(-pixels * 0.0015)));
}

/** The zoom as people read it: 100 % is one image pixel on one screen pixel. */
export const zoomPercent = (view: View, actual: number) => Math.round((view.scale / actual) * 100);
