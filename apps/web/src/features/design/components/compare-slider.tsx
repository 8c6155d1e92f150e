import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The base image; its thumbnail stands in while the full image loads. */
  before: { url: string; thumbUrl: string };
  after: string;
  alt: string;
  width: number;
  height: number;
}

/** Before and after on top of each other; the handle reveals the result from the left. */
export function CompareSlider({ before, after, alt, width, height }: Props) {
  const { t } = useTranslation('design');
  const [split, setSplit] = useState(50);
  return (
    <div
      className="compare"
      data-testid="compare"
      style={{ aspectRatio: `${width} / ${height}`, width: `min(100%, calc(68vh * ${width / height}))` }}
    >
      <img
        className="compare__img compare__img--before"
        src={before.url}
        alt={t('viewer.before')}
        style={{ backgroundImage: `url("${before.thumbUrl}")` }}
      />
      <img
        className="compare__img compare__img--after"
        src={after}
        alt={alt}
        style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }}
      />
      <div className="compare__line" style={{ left: `${split}%` }} aria-hidden />
      <span className="compare__tag compare__tag--left">{t('viewer.after')}</span>
      <span className="compare__tag compare__tag--right">{t('viewer.before')}</span>
      <input
        className="compare__range"
        type="range"
        min={0}
        max={100}
        value={split}
        aria-label={t('viewer.compare')}
        onChange={(e) => setSplit(Number(e.target.value))}
      />
    </div>
  );
}
