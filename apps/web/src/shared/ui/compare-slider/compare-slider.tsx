import { useState, type CSSProperties } from 'react';
import './compare-slider.css';

export interface CompareSliderProps {
  /** The base image; its thumbnail stands in while the full image loads. */
  before: { url: string; thumbUrl: string };
  after: string;
  alt: string;
  width: number;
  height: number;
  /** Visible tags and the range input's accessible name, in the caller's language. */
  labels: { before: string; after: string; compare: string };
  /** How wide the frame may grow (the studio and the detail page leave different room). */
  maxWidth?: string;
  /** Fetch the images only as they near the viewport (a frame that may start below the fold). */
  lazy?: boolean;
}

/**
 * Before (left of the line) and after (right of it), read left to right like a timeline; a range input over the whole frame moves the split, so
 * pointer, touch and keyboard all work and screen readers hear a named slider.
 */
export function CompareSlider({ before, after, alt, width, height, labels, maxWidth, lazy }: CompareSliderProps) {
  const [split, setSplit] = useState(50);
  const loading = lazy ? ('lazy' as const) : undefined;
  const style: CSSProperties = { aspectRatio: `${width} / ${height}`, width: maxWidth ?? '100%' };
  return (
    <div className="compare" data-testid="compare" style={style}>
      <img
        className="compare__img compare__img--after"
        src={after}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        decoding="async"
      />
      <img
        className="compare__img compare__img--before"
        src={before.url}
        alt={labels.before}
        width={width}
        height={height}
        loading={loading}
        decoding="async"
        style={{ backgroundImage: `url("${before.thumbUrl}")`, clipPath: `inset(0 ${100 - split}% 0 0)` }}
      />
      <div className="compare__line" style={{ left: `${split}%` }} aria-hidden />
      <span className="compare__tag compare__tag--left" aria-hidden>
        {labels.before}
      </span>
      <span className="compare__tag compare__tag--right" aria-hidden>
        {labels.after}
      </span>
      <input
        className="compare__range"
        type="range"
        min={0}
        max={100}
        value={split}
        aria-label={labels.compare}
        aria-valuetext={`${split}%`}
        onChange={(e) => setSplit(Number(e.target.value))}
      />
    </div>
  );
}
