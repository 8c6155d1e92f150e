import { boardGrid, boardPagePoints, type BoardLayout, type BoardOrientation, type BoardPaper } from '@turing/contract';

/** A rectangle on the page, in PDF points from the top left corner. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where a line (or a few) of text goes: `y` is the top of the first line box. */
export interface TextBox {
  x: number;
  y: number;
  width: number;
  size: number;
  lineHeight: number;
  maxLines: number;
  align: 'left' | 'right';
}

/** A horizontal hairline; `y` is its centre. */
export interface Rule {
  x: number;
  y: number;
  width: number;
}

/**
 * Every measure is a share of the page's short side (one unit is a hundredth of it), so an A1 board
 * is an A3 board scaled up: the same margins, type and rules at every size, as printed boards are
 * made.
 */
const U = {
  margin: 4.2,
  title: 2.4,
  subtitle: 1.1,
  meta: 0.95,
  label: 0.8,
  caption: 1.0,
  gutter: 2,
  rowGap: 2.2,
  rule: 0.06,
  /** From the header's rule to the images, and from the images to the footer's rule. */
  breathing: 2.4,
  /** From an image to its caption. */
  captionGap: 0.9,
};
const TITLE_LINE = 1.25;
const TEXT_LINE = 1.4;
const CAPTION_LINE = 1.35;
const CAPTION_LINES = 2;

export interface BoardFrame {
  width: number;
  height: number;
  /** Thickness of the rules. */
  rule: number;
  title: TextBox;
  date: TextBox;
  /** The subtitle and the page's view names. */
  subtitle: TextBox;
  brand: TextBox;
  page: TextBox;
  rules: Rule[];
  /** The grid's cells in reading order; each holds an image and its caption under it. */
  cells: Rect[];
  /** Height under an image taken by its number, view name and caption. */
  captionBand: number;
  captionGap: number;
  labelSize: number;
  captionSize: number;
}

export interface BoardGeometry {
  paper: BoardPaper;
  orientation: BoardOrientation;
  layout: BoardLayout;
}

const text = (box: Omit<TextBox, 'lineHeight' | 'maxLines' | 'align'> & Partial<TextBox>, line = TEXT_LINE) => ({
  lineHeight: box.size * line,
  maxLines: 1,
  align: 'left' as const,
  ...box,
});

/** The page's frame: header, footer, rules and the grid of cells for the layout. */
export function boardFrame({ paper, orientation, layout }: BoardGeometry): BoardFrame {
  const { width, height } = boardPagePoints(paper, orientation);
  const u = Math.min(width, height) / 100;
  const margin = U.margin * u;
  const inner = width - 2 * margin;
  // The date and page number sit at the right of their lines, the title and subtitle take the rest.
  const metaWidth = Math.min(inner * 0.3, 30 * u);
  const textWidth = inner - metaWidth - 2 * u;

  const title = text({ x: margin, y: margin, width: textWidth, size: U.title * u }, TITLE_LINE);
  const titleBottom = title.y + title.lineHeight;
  // The date's line box ends where the title's does, so both sit on one line.
  const metaLine = U.meta * u * TEXT_LINE;
  const date = text({ x: width - margin - metaWidth, y: titleBottom - metaLine, width: metaWidth, size: U.meta * u });
  const subtitle = text({ x: margin, y: titleBottom + 0.3 * u, width: textWidth, size: U.subtitle * u });
  const headerRule = subtitle.y + subtitle.lineHeight + 1.0 * u;

  const footerRule = height - margin - metaLine - 0.8 * u;
  const footerText = footerRule + 0.8 * u;
  const brand = text({ x: margin, y: footerText, width: inner / 2, size: U.meta * u });
  const page = text({ x: width - margin - metaWidth, y: footerText, width: metaWidth, size: U.meta * u });

  const { cols, rows } = boardGrid(layout, orientation);
  const gridTop = headerRule + U.breathing * u;
  const gridBottom = footerRule - U.breathing * u;
  const gutter = U.gutter * u;
  const rowGap = U.rowGap * u;
  const cellWidth = (inner - (cols - 1) * gutter) / cols;
  const cellHeight = (gridBottom - gridTop - (rows - 1) * rowGap) / rows;
  const cells: Rect[] = [];
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) {
      cells.push({
        x: margin + c * (cellWidth + gutter),
        y: gridTop + r * (cellHeight + rowGap),
        width: cellWidth,
        height: cellHeight,
      });
    }
  }

  const labelSize = U.label * u;
  const captionSize = U.caption * u;
  const captionGap = U.captionGap * u;
  return {
    width,
    height,
    rule: U.rule * u,
    title,
    date: { ...date, align: 'right' },
    subtitle,
    brand,
    page: { ...page, align: 'right' },
    rules: [
      { x: margin, y: headerRule, width: inner },
      { x: margin, y: footerRule, width: inner },
    ],
    cells,
    captionBand: captionGap + labelSize * TEXT_LINE + captionSize * CAPTION_LINE * CAPTION_LINES,
    captionGap,
    labelSize,
    captionSize,
  };
}

export interface PlacedImage {
  /** The image, fitted whole into its cell above the caption band (never cropped). */
  image: Rect;
  /** Its number and view name. */
  label: TextBox;
  caption: TextBox;
}

/**
 * Fits an image of `imageWidth` × `imageHeight` into a cell: as large as fits above the caption
 * band, centred across, standing on the band, so the captions of a row line up under their images.
 */
export function placeInCell(frame: BoardFrame, cell: Rect, imageWidth: number, imageHeight: number): PlacedImage {
  const areaHeight = Math.max(1, cell.height - frame.captionBand);
  const scale = Math.min(cell.width / imageWidth, areaHeight / imageHeight);
  const width = imageWidth * scale;
  const height = imageHeight * scale;
  const x = cell.x + (cell.width - width) / 2;
  const y = cell.y + areaHeight - height;
  const captionWidth = cell.x + cell.width - x;
  const label = text({ x, y: y + height + frame.captionGap, width: captionWidth, size: frame.labelSize });
  const caption = text(
    { x, y: label.y + label.lineHeight, width: captionWidth, size: frame.captionSize, maxLines: CAPTION_LINES },
    CAPTION_LINE,
  );
  return { image: { x, y, width, height }, label, caption };
}

/** Pixels an image needs to fill `rect` at `dpi` (what it is resized to before it is embedded). */
export const pixelsFor = (rect: Rect, dpi: number) => ({
  width: Math.max(1, Math.ceil((rect.width / 72) * dpi)),
  height: Math.max(1, Math.ceil((rect.height / 72) * dpi)),
});

/** The items in pages of `perPage`, in order. */
export function paginate<T>(items: readonly T[], perPage: number): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += perPage) pages.push(items.slice(i, i + perPage));
  return pages;
}
