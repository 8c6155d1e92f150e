import type { ThumbSet } from '@turing/contract';

/**
 * The `srcSet` of an image's thumbnails (`url <width>w`, narrowest first), so a card about 300 px
 * wide loads the small one and a wide or dense screen the large one; undefined when there is only
 * one (the image is its own thumbnail, or the server lists none), and `src` is all there is.
 *
 * `maxWidth` leaves out files wider than that (the narrowest always stays): a grid that knows its
 * cards' width passes twice it, so a phone at 3× loads a file about twice the card's width rather
 * than three times. At arm's length the difference does not show, and the larger file is over twice
 * the bytes.
 */
export function thumbSrcSet(thumbs: ThumbSet | undefined, maxWidth = Infinity): string | undefined {
  if (!thumbs || thumbs.length < 2) return undefined;
  return thumbs
    .filter((t, i) => i === 0 || t.width <= maxWidth)
    .map((t) => `${t.url} ${t.width}w`)
    .join(', ');
}
