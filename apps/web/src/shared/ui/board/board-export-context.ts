import { createContext, useContext } from 'react';

/** An image to put on a presentation board, with what the export dialog shows and proposes for it. */
export interface BoardExportImage {
  /** One of the user's stored images (an upload or a result). */
  imageId: string;
  thumbUrl: string;
  /** Proposed caption (the image's title or prompt); the user may edit it. */
  caption?: string;
  /** The view it belongs to (e.g. "Living room"), printed under it and in the page's header. */
  group?: string;
}

export interface BoardExportTarget {
  images: BoardExportImage[];
  /** Proposed title: the project's or the folder's name. */
  title?: string;
  subtitle?: string;
}

export interface BoardExportApi {
  /** Opens the board export dialog for these images. */
  exportBoard(target: BoardExportTarget): void;
}

/**
 * The app provides the boards feature's export dialog here, so the workspace (and a project's views)
 * can offer "Export board" without importing the boards feature.
 */
export const BoardExportContext = createContext<BoardExportApi | null>(null);

export function useBoardExport(): BoardExportApi | null {
  return useContext(BoardExportContext);
}
