import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  before: { url: string; thumbUrl: string };
  after: string;
  alt: string;
  width: number;
  height: number;
}

/** The result over its base image; a labelled range input moves the split (keyboard and pointer). */
export function CompareView({ before, after, alt, width, height }: Props) {
  const { t } = useTranslation('community');
  const [split, setSplit] = useState(50);
  const id = useId();
  return (
    <figure
      className="work-compare"
      data-testid="compare"
      style={{ aspectRatio: `${width} / ${height}`, ['--ratio' as string]: width / height }}
    >
      <img
        className="work-compare__img"
        src={before.url}
        alt={t('detail.baseImage')}
        style={{ backgroundImage: `url("${before.thumbUrl}")` }}
      />
      <img className="work-compare__img" src={after} alt={alt} style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }} />
      <span className="work-compare__line" style={{ left: `${split}%` }} aria-hidden />
      <span className="work-compare__tag work-compare__tag--left" aria-hidden>
        {t('detail.after')}
      </span>
      <span className="work-compare__tag work-compare__tag--right" aria-hidden>
        {t('detail.before')}
      </span>
      <label htmlFor={id} className="community-sr-only">
        {t('detail.compare')}
      </label>
      <input
        id={id}
        className="work-compare__range"
        type="range"
        min={0}
        max={100}
        value={split}
        aria-valuetext={`${split}%`}
        onChange={(e) => setSplit(Number(e.target.value))}
      />
    </figure>
  );
}
