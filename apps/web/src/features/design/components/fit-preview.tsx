import type { SizePreset } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { cropOf } from '../lib/aspect.ts';
import type { SlotImage } from '../lib/studio-values.ts';

/** The preview's long side, in CSS pixels. */
const BOX = 96;

/**
 * How a base image will be fitted to another aspect before generating: the part kept is
 * outlined, the parts cropped away are dimmed.
 */
export function FitPreview({ base, size }: { base: SlotImage; size: SizePreset }) {
  const { t } = useTranslation('design');
  const crop = cropOf(base, size);
  const pct = (v: number) => `${(v * 100).toFixed(2)}%`;
  const scale = BOX / Math.max(base.width, base.height);
  return (
    <figure className="studio-fit" data-testid="fit-preview">
      <div
        className="studio-fit__frame"
        style={{ width: Math.round(base.width * scale), height: Math.round(base.height * scale) }}
      >
        <img src={base.url} alt="" className="studio-fit__image" />
        <div
          className="studio-fit__kept"
          data-testid="fit-kept"
          style={{
            width: pct(crop.width),
            height: pct(crop.height),
            left: pct((1 - crop.width) / 2),
            top: pct((1 - crop.height) / 2),
          }}
        />
      </div>
      <figcaption className="studio-fit__caption">
        {crop.crops ? t('params.fit.crop', { size }) : t('params.fit.same', { size })}
      </figcaption>
    </figure>
  );
}
