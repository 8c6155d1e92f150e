import { boardGrid, type BoardLayout, type BoardOrientation } from '@turing/contract';

interface Props {
  layout: BoardLayout;
  orientation: BoardOrientation;
  /** The page's long side, in CSS pixels. */
  size?: number;
}

/**
 * A page drawn small, as the board will lay it out: the header with its rule, the grid of images
 * with a caption line under each, and the footer's rule. ISO pages are √2 long.
 */
export function LayoutSchematic({ layout, orientation, size = 64 }: Props) {
  const long = size;
  const short = size / Math.SQRT2;
  const [width, height] = orientation === 'landscape' ? [long, short] : [short, long];
  const u = short / 100;
  const margin = 6 * u;
  const header = margin + 9 * u;
  const footer = height - margin - 3 * u;
  const { cols, rows } = boardGrid(layout, orientation);
  const gap = 4 * u;
  const top = header + 4 * u;
  const cellW = (width - 2 * margin - (cols - 1) * gap) / cols;
  const cellH = (footer - 4 * u - top - (rows - 1) * gap) / rows;
  const caption = Math.min(5 * u, cellH * 0.2);
  const cells = Array.from({ length: cols * rows }, (_, i) => ({
    x: margin + (i % cols) * (cellW + gap),
    y: top + Math.floor(i / cols) * (cellH + gap),
  }));
  return (
    <svg
      className="board-schematic"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
      focusable="false"
    >
      <rect className="board-schematic__page" x="0.5" y="0.5" width={width - 1} height={height - 1} />
      <rect
        className="board-schematic__title"
        x={margin}
        y={margin}
        width={(width - 2 * margin) * 0.45}
        height={4 * u}
      />
      <line className="board-schematic__rule" x1={margin} x2={width - margin} y1={header} y2={header} />
      <line className="board-schematic__rule" x1={margin} x2={width - margin} y1={footer} y2={footer} />
      {cells.map((cell, i) => (
        <g key={i}>
          <rect className="board-schematic__image" x={cell.x} y={cell.y} width={cellW} height={cellH - caption} />
          <rect
            className="board-schematic__caption"
            x={cell.x}
            y={cell.y + cellH - caption * 0.6}
            width={cellW * 0.6}
            height={caption * 0.35}
          />
        </g>
      ))}
    </svg>
  );
}
