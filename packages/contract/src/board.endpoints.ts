/**
 * A presentation board of the caller's images, as a file (POST the board's settings and images;
 * application/pdf, image/png for a one-page PNG board, or application/zip of page PNGs — not an
 * envelope). Refusals before the first byte are envelopes.
 */
export const BOARD_EXPORT_PATH = '/board/export';
