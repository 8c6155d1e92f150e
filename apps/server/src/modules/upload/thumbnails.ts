import { Readable } from 'node:stream';
import sharp, { type Sharp } from 'sharp';
import { type ObjectStorage, type StoredObject, visibilityOf } from '../../storage/storage.ts';
import { THUMB_EDGE } from './image-processing.ts';

/** A box an image is fitted inside, never enlarged. */
interface Box {
  width: number;
  height: number;
}

/** The thumbnail grids and task cards have always shown (`thumb_key`). */
const LARGE: Box = { width: THUMB_EDGE, height: THUMB_EDGE };
/**
 * The small thumbnail: 320 px wide, for cards about 300 px wide (the homepage's and the gallery's on
 * a desktop) and for phones, whose two-column grids have cards of about 170 px (320 stays under twice
 * that, where 384 would not). Cards are laid out by width, so a tall image keeps that width up to
 * the large one's height: a 3:4 picture is 320 × 427, where a square box would leave it 240 wide,
 * too narrow for a desktop card.
 */
const SMALL: Box = { width: 320, height: THUMB_EDGE };

/**
 * A thumbnail of an image the product made (a result, line art) of whatever `image` yields. A
 * result's thumbnails are made after its task is complete (see `thumbLater` in generated-images.ts),
 * so they take libwebp's default effort rather than the 1 of uploads (image-processing.ts): on the
 * demo community’s pictures, files a quarter smaller on every page that lists them, for about 13 ms
 * more per image.
 */
const resultThumbOf = (image: Sharp, box: Box) =>
  image.resize(box.width, box.height, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 78, effort: 4 });

const THUMB_SUFFIX = '.thumb.webp';
const SMALL_SUFFIX = `.thumb-${SMALL.width}.webp`;

/**
 * The key of a thumbnail's small twin. It is named after the thumbnail rather than recorded in its
 * row, so images stored before small thumbnails existed get theirs on first request (see
 * `withSmallThumbs`), and every query that reads `thumb_key` already has it.
 */
export const smallThumbKey = (thumbKey: string) =>
  thumbKey.endsWith(THUMB_SUFFIX) ? `${thumbKey.slice(0, -THUMB_SUFFIX.length)}${SMALL_SUFFIX}` : null;

/** The files of an image's thumbnail: itself and its small twin, for removing them together. */
export const thumbFiles = (thumbKey: string | null): string[] => {
  const small = thumbKey ? smallThumbKey(thumbKey) : null;
  return thumbKey ? (small ? [thumbKey, small] : [thumbKey]) : [];
};

/** The width of an image of `width` × `height` fitted inside `box`, never enlarged, as sharp sizes it. */
export function fittedWidth(width: number, height: number, box: Box = LARGE) {
  if (width <= box.width && height <= box.height) return width;
  return width / box.width >= height / box.height ? box.width : Math.max(1, Math.round((width * box.height) / height));
}

/** Whether an image of this size gets a small thumbnail: only when it would be narrower than the large one. */
const hasSmall = (width: number, height: number) => fittedWidth(width, height, SMALL) < fittedWidth(width, height);

/**
 * The thumbnails of an image the product made, from one decode pipeline: the large one, and with
 * `withSmall` (results, which grids show) the small one unless it would be as wide (a tall or small
 * image). `size`: the image's, when known from its header.
 */
export async function webpThumbs(image: Buffer, size: Box | null, withSmall: boolean) {
  const pipeline = sharp(image);
  const { width, height } = size ?? (await pipeline.metadata());
  const [large, small] = await Promise.all([
    resultThumbOf(pipeline.clone(), LARGE).toBuffer(),
    withSmall && hasSmall(width, height) ? resultThumbOf(pipeline.clone(), SMALL).toBuffer() : null,
  ]);
  return { large, small };
}

/** One entry of an image's thumbnail set: what an `<img srcset>` lists. */
export interface ThumbSource {
  url: string;
  width: number;
}

/**
 * An image's thumbnails by width, narrowest first, for a srcset: the small one, then the one
 * `thumbUrl` names. An image that is its own thumbnail (a small PNG, or a result whose thumbnail
 * is still being made) lists itself alone.
 */
export function thumbSources(
  image: { key: string; thumbKey: string | null; width: number; height: number },
  url: (key: string) => string,
): ThumbSource[] {
  if (!image.thumbKey) return [{ url: url(image.key), width: image.width }];
  const large = { url: url(image.thumbKey), width: fittedWidth(image.width, image.height) };
  const smallKey = smallThumbKey(image.thumbKey);
  return smallKey && hasSmall(image.width, image.height)
    ? [{ url: url(smallKey), width: fittedWidth(image.width, image.height, SMALL) }, large]
    : [large];
}

/**
 * Storage whose reads make a missing small thumbnail from its large twin and keep it: images
 * stored before small thumbnails existed get theirs the first time a page asks, instead of a
 * migration that rewrites every file at start. The large one is at most 480 px, so this is a few
 * milliseconds once per image. Should the small one not be made, the large one is sent in its place.
 */
export function withSmallThumbs(storage: ObjectStorage): ObjectStorage {
  const largeOf = (key: string) =>
    key.endsWith(SMALL_SUFFIX) ? `${key.slice(0, -SMALL_SUFFIX.length)}${THUMB_SUFFIX}` : null;

  async function backfill(key: string, largeKey: string): Promise<StoredObject | null> {
    const large = await storage.get(largeKey);
    if (!large) return null;
    const visibility = visibilityOf(key);
    const body = await resultThumbOf(sharp(large), SMALL)
      .toBuffer()
      .catch(() => null);
    if (!body) return { stream: Readable.from([large]), contentType: 'image/webp', bytes: large.length, visibility };
    const prefix = `${visibility}/`;
    // Only keys that carry their visibility name the same object when written again (`put` adds it).
    if (key.startsWith(prefix)) {
      const stored = await storage.put(key.slice(prefix.length), body, { contentType: 'image/webp', visibility }).then(
        () => true,
        () => false,
      );
      // The image was removed while this was made: its small thumbnail goes too.
      if (stored && !(await storage.get(largeKey))) await storage.delete(key).catch(() => {});
    }
    return { stream: Readable.from([body]), contentType: 'image/webp', bytes: body.length, visibility };
  }

  return {
    ...storage,
    async getStream(key) {
      const found = await storage.getStream(key);
      // Every image a srcset names is private (behind a signed URL): only those are filled in.
      const largeKey = found || visibilityOf(key) !== 'private' ? null : largeOf(key);
      return largeKey ? backfill(key, largeKey) : found;
    },
  };
}
